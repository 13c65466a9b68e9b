import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openLoop } from '../../bench/open-loop.js';
import { blockTheEventLoop } from '../helpers/block-event-loop.js';

type Answer = (request: number) => { status: number; body: string };
const fine: Answer = () => ({ status: 200, body: '{"ok":true}' });

/**
 * A server on 127.0.0.1 that answers at once, except that its `stallAt`th request starts a stall of
 * `stallMs`: that request and every one arriving during the stall are answered when it ends, as a
 * server whose loop is blocked would (without blocking this process, which runs the generator too).
 */
async function server(options: { stallAt?: number; stallMs?: number; answer?: Answer } = {}): Promise<string> {
  const answer = options.answer ?? fine;
  let requests = 0;
  let stallEnds = 0;
  const listening = http.createServer((request, response) => {
    const number = ++requests;
    if (number === options.stallAt) stallEnds = performance.now() + (options.stallMs ?? 0);
    request.resume();
    request.on('end', () => {
      const { status, body } = answer(number);
      const send = () => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      const wait = stallEnds - performance.now();
      if (wait > 0) setTimeout(send, wait);
      else send();
    });
  });
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => listening.close(() => resolve())));
  return `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
}

function generator(url: string) {
  const load = openLoop(url, { request: () => ({ method: 'GET', path: '/' }) });
  onTestFinished(() => load.close());
  return load;
}

/**
 * What a closed loop measures: one request at a time, paced at `rate` without making up for lost
 * time, each timed from its actual send. Every time in ms, sorted.
 */
async function closedLoop(url: string, rate: number, seconds: number): Promise<number[]> {
  const pool = new Pool(url, { connections: 1 });
  onTestFinished(() => pool.close());
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let next = performance.now(); next < end; next = Math.max(next + 1000 / rate, performance.now())) {
    await new Promise((resolve) => setTimeout(resolve, next - performance.now()));
    const sent = performance.now();
    const { body } = await pool.request({ method: 'GET', path: '/' });
    await body.dump();
    times.push(performance.now() - sent);
  }
  return times.sort((a, b) => a - b);
}

describe('openLoop', () => {
  it('shows a 200 ms stall of the server in its p99 and max, which a closed loop hides', { timeout: 20_000 }, async () => {
    // 200 a second for 2 s: the ~40 sends scheduled inside the stall are 10 % of the 400, each timed
    // from its scheduled send, so the slowest few percent wait most of the stall.
    const open = await generator(await server({ stallAt: 50, stallMs: 200 })).run(200, 2);
    expect(open).toMatchObject({ sent: 400, ok: 400, shed: 0, late: 0 });
    expect(open.failed.size).toBe(0);
    expect(open.maxMs).toBeGreaterThanOrEqual(150);
    expect(open.p99Ms).toBeGreaterThanOrEqual(100);

    // The same stall under a closed loop at the same pace: it waits for each answer, so during the
    // stall it sends nothing, and only the one request in flight is slow.
    const closed = await closedLoop(await server({ stallAt: 50, stallMs: 200 }), 200, 2);
    expect(closed.length).toBeLessThan(400);
    expect(closed.at(-1)).toBeGreaterThanOrEqual(150);
    expect(closed[Math.ceil(closed.length * 0.99) - 1]).toBeLessThan(open.p99Ms);
  });

  it('counts 200s, 503 SERVER_BUSY apart, and every other answer as a failure', async () => {
    const answer: Answer = (request) => {
      if (request % 10 === 0) return { status: 503, body: '{"error":"SERVER_BUSY","message":"busy"}' };
      if (request === 7) return { status: 503, body: '{"error":"DATABASE_UNAVAILABLE","message":"down"}' };
      if (request === 13) return { status: 500, body: 'oops' };
      return fine(request);
    };
    const round = await generator(await server({ answer })).run(100, 1);
    expect(round).toMatchObject({ sent: 100, ok: 88, shed: 10 });
    expect(round.failed).toEqual(new Map([['503 DATABASE_UNAVAILABLE', 1], ['500 not JSON', 1]]));
  });

  it('marks the round void when its own event loop makes it send late', async () => {
    const load = generator(await server());
    // 200 ms stretches of a blocked loop while the sends are due: each goes out late. Freed after the
    // last send, so the answers (one accepted connection per turn of the loop) come quickly.
    const unblock = blockTheEventLoop();
    onTestFinished(unblock);
    setTimeout(unblock, 1000);
    const round = await load.run(100, 1);
    expect(round.lagP99Ms).toBeGreaterThan(1);
    expect(round.void).toBe(true);
    expect(round.ok).toBe(100);
  });
});
