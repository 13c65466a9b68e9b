import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appendAudit, commandActor } from '../../server/features/audit/audit.service.js';
import { useTestApp } from '../helpers/build-app.js';
import { postgresUrl } from '../helpers/test-database.js';

const ctx = useTestApp();

const entries = () => ctx.handle.db.selectFrom('audit_log').selectAll().orderBy('id').execute();

/** The message a refused statement fails with (a failure is what this file expects). */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the statement was not refused');
}

describe(`audit_log on ${postgresUrl ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('refuses UPDATE and DELETE of an entry in the database itself, and still takes new entries', async () => {
    const operator = commandActor('test-operator');
    await appendAudit(ctx.handle.db, operator, { action: 'user.block', target: 'bc1qexample', reason: 'bot farm' });
    const written = await entries();
    expect(written).toHaveLength(1);

    const db = ctx.handle.db;
    expect(await refusal(() => sql`update audit_log set reason = 'tampered'`.execute(db))).toBe('audit_log is append-only: UPDATE is refused');
    expect(await refusal(() => db.updateTable('audit_log').set({ actor: 'someone else' }).where('id', '=', written[0]!.id).execute())).toBe(
      'audit_log is append-only: UPDATE is refused',
    );
    expect(await refusal(() => sql`delete from audit_log`.execute(db))).toBe('audit_log is append-only: DELETE is refused');
    expect(await refusal(() => db.deleteFrom('audit_log').where('action', '=', 'user.block').execute())).toBe('audit_log is append-only: DELETE is refused');
    if (postgresUrl) expect(await refusal(() => sql`truncate audit_log`.execute(db))).toBe('audit_log is append-only: TRUNCATE is refused');
    expect(await entries()).toEqual(written);

    await appendAudit(db, operator, { action: 'user.unblock', target: 'bc1qexample', reason: 'appeal' });
    expect((await entries()).map((entry) => entry.action)).toEqual(['user.block', 'user.unblock']);
  });

  it('refuses inside a transaction too, rolling back the change it was part of', async () => {
    const db = ctx.handle.db;
    await appendAudit(db, commandActor('test-operator'), { action: 'staking.set', after: { locked: 1 } });
    const written = await entries();
    const tamper = db.transaction().execute(async (trx) => {
      await appendAudit(trx, commandActor('test-operator'), { action: 'staking.set', after: { locked: 2 } });
      await trx.updateTable('audit_log').set({ after: '{"locked":3}' }).execute();
    });
    await expect(tamper).rejects.toThrow(/audit_log is append-only/);
    expect(await entries()).toEqual(written);
  });
});
