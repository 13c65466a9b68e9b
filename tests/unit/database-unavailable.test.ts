import { describe, expect, it } from 'vitest';
import { DatabaseHealth, type DatabaseStateChange } from '../../server/platform/db/database-health.js';
import { databaseUnavailability, DatabaseUnavailableError } from '../../server/platform/db/database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('databaseUnavailability', () => {
  it('calls a refused, reset or unresolvable connection unreachable', () => {
    expect(databaseUnavailability(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe('unreachable');
    expect(databaseUnavailability(withCode('read ECONNRESET', 'ECONNRESET'))).toBe('unreachable');
    expect(databaseUnavailability(withCode('getaddrinfo EAI_AGAIN db', 'EAI_AGAIN'))).toBe('unreachable');
  });

  it('calls a server that is shutting down, starting or ended the session unreachable (SQLSTATE)', () => {
    expect(databaseUnavailability(withCode('terminating connection due to administrator command', '57P01'))).toBe('unreachable');
    expect(databaseUnavailability(withCode('the database system is starting up', '57P03'))).toBe('unreachable');
    expect(databaseUnavailability(withCode('connection failure', '08006'))).toBe('unreachable');
  });

  it("reads pg's own connection failures by their message", () => {
    expect(databaseUnavailability(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(databaseUnavailability(new Error('Client has encountered a connection error and is not queryable'))).toBe('unreachable');
    expect(databaseUnavailability(new DatabaseUnavailableError())).toBe('unreachable');
  });

  it('calls a database that is there but did not answer in time overloaded', () => {
    expect(databaseUnavailability(new Error('timeout exceeded when trying to connect'))).toBe('overloaded');
    expect(databaseUnavailability(new Error('Query read timeout'))).toBe('overloaded');
    expect(databaseUnavailability(withCode('sorry, too many clients already', '53300'))).toBe('overloaded');
  });

  it('leaves every other failure alone, a wrapped cause and inherited names included', () => {
    expect(databaseUnavailability(withCode('duplicate key value violates unique constraint', '23505'))).toBeNull();
    expect(databaseUnavailability(withCode('odd', 'constructor'))).toBeNull();
    expect(databaseUnavailability(new Error('fetch failed', { cause: withCode('refused', 'ECONNREFUSED') }))).toBeNull();
    expect(databaseUnavailability('ECONNREFUSED')).toBeNull();
  });
});

describe('DatabaseHealth', () => {
  function tracked() {
    let now = 1000;
    const health = new DatabaseHealth(() => now);
    const changes: DatabaseStateChange[] = [];
    health.onChange((change) => changes.push(change));
    return { health, changes, advance: (ms: number) => (now += ms), at: () => now };
  }

  it('tells an outage once when it begins and once when it ends, however many failures come between', () => {
    const { health, changes, advance, at } = tracked();
    health.unreachable(withCode('refused', 'ECONNREFUSED'));
    advance(10);
    health.failed(withCode('refused', 'ECONNREFUSED'));
    health.unreachable(new Error('Connection terminated unexpectedly'));
    expect(health.reachable).toBe(false);
    advance(90);
    health.answered(at());
    health.answered(at());
    expect(health.reachable).toBe(true);
    expect(changes).toEqual([
      { reachable: false, error: expect.any(Error) },
      { reachable: true, downForMs: 100 },
    ]);
  });

  it('does not take an answer sent before the outage began for the database being back', () => {
    const { health, changes, advance, at } = tracked();
    const sentBefore = at();
    advance(5);
    health.unreachable(new Error('Connection terminated unexpectedly'));
    advance(5);
    health.answered(sentBefore);
    expect(health.reachable).toBe(false);
    expect(changes).toHaveLength(1);
  });

  it('tells no outage for a database that did not answer in time, but is not answering until it answers', () => {
    const { health, changes, advance, at } = tracked();
    health.answered(at());
    advance(1);
    health.failed(new Error('Query read timeout'));
    health.failed(withCode('duplicate key', '23505'));
    expect(health.reachable).toBe(true);
    expect(health.answering).toBe(false);
    expect(changes).toEqual([]);
    advance(1);
    health.answered(at());
    expect(health.answering).toBe(true);
  });

  it('changes nothing for a failure that is not about the database being there', () => {
    const { health, changes } = tracked();
    health.failed(withCode('duplicate key', '23505'));
    expect(health.answering).toBe(true);
    expect(health.knownWithin(5000)).toBe(false);
    expect(changes).toEqual([]);
  });

  it("covers a background job's failure for want of the database, telling the outage once, and leaves other failures to the job", () => {
    const { health, changes } = tracked();
    expect(health.outageCovers(withCode('duplicate key', '23505'))).toBe(false);
    // A slow answer while the database is there is load: the job logs it.
    expect(health.outageCovers(new Error('Query read timeout'))).toBe(false);
    expect(changes).toEqual([]);
    expect(health.outageCovers(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(health.outageCovers(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(health.outageCovers(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A disk that is full during the outage is still the job's to log.
    expect(health.outageCovers(withCode('no space left on device', 'ENOSPC'))).toBe(false);
    expect(health.reachable).toBe(false);
    expect(changes).toEqual([{ reachable: false, error: expect.any(Error) }]);
  });

  it('knows whether it learned anything recently', () => {
    const { health, advance, at } = tracked();
    expect(health.knownWithin(5000)).toBe(false);
    health.answered(at());
    advance(4999);
    expect(health.knownWithin(5000)).toBe(true);
    advance(1);
    expect(health.knownWithin(5000)).toBe(false);
  });
});
