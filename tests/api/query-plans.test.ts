import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestApp();
});
afterEach(async () => ctx.close());

/** The plan's text on either dialect. */
async function plan(query: string, parameter: string): Promise<string> {
  const literal = sql.raw(query.replaceAll('?', `'${parameter}'`));
  if (ctx.handle.dialect === 'sqlite') {
    const result = await sql<{ detail: string }>`explain query plan ${literal}`.execute(ctx.handle.db);
    return result.rows.map((row) => row.detail).join('\n');
  }
  // An empty table makes a sequential scan the cheapest plan; forbid it to see the index the planner would use at scale.
  return ctx.handle.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const result = await sql<{ 'QUERY PLAN': string }>`explain ${literal}`.execute(trx);
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('launch-day queries use their indexes', () => {
  it('allocation lookup probes the wallet index', async () => {
    const text = await plan('select category, sum(tokens_micro) from allocation_records where wallet_address = ? group by category', 'bc1q');
    expect(text).toMatch(/allocation_records_wallet_idx/);
  });

  it('my allocation probes the unique wallet index', async () => {
    const text = await plan('select * from points_allocations where wallet_address = ?', 'bc1q');
    expect(text).toMatch(/SEARCH points_allocations USING INDEX sqlite_autoindex|Index Scan using points_allocations_wallet_address/);
  });

  it('the top holders page reads the ranking index in order', async () => {
    const text = await plan('select * from points_allocations order by allocated_micro desc, id asc limit 20', 'x');
    expect(text).toMatch(/points_allocations_rank_idx/);
    expect(text).not.toMatch(/TEMP B-TREE|Sort\b/);
  });
});
