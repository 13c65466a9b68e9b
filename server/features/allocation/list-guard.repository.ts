import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { PairHeldElsewhere, SourceOverlap, WholeListChange } from './list-guard-types.js';

/**
 * The list guard's queries, run inside the import's transaction: set-based, so a million-row list costs
 * a few statements, never a row at a time in JavaScript. Each wallet's total in a source is remembered in
 * a temporary table before the source's rows are replaced, and compared per wallet afterwards.
 */

const totals = sql.table('acorn_import_source_totals');
// A transaction has no SQLite handle of its own to ask: its adapter says the dialect.
const onSqlite = (db: Kysely<Database>) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Remembers each wallet's total under `source` (one grouped read of the source's rows) before they are
 * deleted; false, and nothing remembered, when the source holds no row.
 */
export async function rememberSourceTotals(trx: Kysely<Database>, source: string): Promise<boolean> {
  const held = await trx.selectFrom('allocation_records').select('id').where('source', '=', source).limit(1).executeTakeFirst();
  if (!held) return false;
  const sqlite = onSqlite(trx);
  // PostgreSQL drops it at the end of the transaction; SQLite's temp schema lives with the connection.
  if (sqlite) await sql`drop table if exists temp.acorn_import_source_totals`.execute(trx);
  // SQLite: `+source` keeps the planner off the source index, whose rows it would then sort by wallet
  // (2.2 s for a million-row source); the covering wallet index is read in wallet order instead (0.3 s
  // per million rows of the table, whatever the source holds).
  await sql`create temp table ${totals} ${sql.raw(sqlite ? '' : 'on commit drop')} as
    select wallet_address, sum(tokens_micro) as total from allocation_records
    where ${sql.raw(sqlite ? '+source' : 'source')} = ${source} group by wallet_address`.execute(trx);
  return true;
}

/**
 * Per remembered wallet, after the source's new rows are in: removed when no source holds a record of it
 * now, lowered when its total under `source` went down (the other sources are unchanged). One grouped read
 * of the source's new rows joined to the remembered totals; only a wallet the source no longer holds is
 * looked for under the other sources. Each wallet's verdict is computed once and counted by group (a
 * correlated sum per wallet, referenced twice, ran twice on PostgreSQL: 5.4 s for 333,000 wallets, this
 * 1.2 s; SQLite 0.5 s).
 */
export async function compareWithRememberedTotals(trx: Kysely<Database>, source: string): Promise<WholeListChange> {
  const sqlite = onSqlite(trx);
  const { rows } = await sql<{ verdict: string; wallets: unknown }>`
    select verdict, count(*) as wallets from (
      select case
        when now_source.total is not null then (case when now_source.total < before.total then 'lowered' else 'kept' end)
        when exists (select 1 from allocation_records anywhere where anywhere.wallet_address = before.wallet_address)
          then (case when before.total > 0 then 'lowered' else 'kept' end)
        else 'removed' end as verdict
      from ${totals} before
      left join (
        select wallet_address, sum(tokens_micro) as total from allocation_records
        where ${sql.raw(sqlite ? '+source' : 'source')} = ${source} group by wallet_address
      ) now_source on now_source.wallet_address = before.wallet_address
    ) verdicts group by verdict`.execute(trx);
  if (sqlite) await sql`drop table temp.acorn_import_source_totals`.execute(trx);
  const count = (verdict: string) => Number(rows.find((row) => row.verdict === verdict)?.wallets ?? 0);
  return { removedWallets: count('removed'), loweredWallets: count('lowered') };
}

/**
 * The rows of `source` whose (wallet, category) pair another source holds, counted from the smaller side:
 * from the source's rows (one probe of the covering index each) when they are fewer than the other
 * sources' rows, else from those (one probe each).
 */
export async function findPairsHeldElsewhere(
  trx: Kysely<Database>,
  source: string,
  { fromOtherSources, examples }: { fromOtherSources: boolean; examples: number },
): Promise<SourceOverlap> {
  if (fromOtherSources) {
    const held = sql`from allocation_records other where other.source <> ${source} and exists (
      select 1 from allocation_records mine
      where mine.wallet_address = other.wallet_address and mine.category = other.category and mine.source = ${source})`;
    const { rows: counted } = await sql<{ pairs: unknown }>`select count(*) as pairs from (select distinct other.wallet_address, other.category ${held}) pairs`.execute(trx);
    const pairs = Number(counted[0]?.pairs ?? 0);
    if (pairs === 0) return { pairs, examples: [] };
    const { rows } = await sql<{ wallet: string; category: string; source: string }>`
      select other.wallet_address as wallet, other.category as category, other.source as source ${held}
      order by other.wallet_address, other.category, other.source limit ${examples}`.execute(trx);
    return { pairs, examples: rows.map(asPair) };
  }
  const mine = sql`from allocation_records mine where mine.source = ${source} and exists (
    select 1 from allocation_records other
    where other.wallet_address = mine.wallet_address and other.category = mine.category and other.source <> ${source})`;
  const { rows: counted } = await sql<{ pairs: unknown }>`select count(*) as pairs ${mine}`.execute(trx);
  const pairs = Number(counted[0]?.pairs ?? 0);
  if (pairs === 0) return { pairs, examples: [] };
  const { rows } = await sql<{ wallet: string; category: string; source: string }>`
    select mine.wallet_address as wallet, mine.category as category, (
      select min(other.source) from allocation_records other
      where other.wallet_address = mine.wallet_address and other.category = mine.category and other.source <> ${source}
    ) as source ${mine}
    order by mine.wallet_address, mine.category limit ${examples}`.execute(trx);
  return { pairs, examples: rows.map(asPair) };
}

/** The sources holding each of a few (wallet, category) pairs, besides `source`: a dry run names its examples with them. */
export async function findSourcesOfPairs(
  db: Kysely<Database>,
  source: string,
  pairs: readonly { wallet: string; category: string }[],
  exceptSource?: string,
): Promise<PairHeldElsewhere[]> {
  const found: PairHeldElsewhere[] = [];
  for (const pair of pairs) {
    let query = db
      .selectFrom('allocation_records')
      .select('source')
      .where('wallet_address', '=', pair.wallet)
      .where('category', '=', pair.category)
      .where('source', '<>', source);
    if (exceptSource !== undefined) query = query.where('source', '<>', exceptSource);
    const row = await query.orderBy('source').limit(1).executeTakeFirst();
    if (row) found.push({ ...pair, source: row.source });
  }
  return found;
}

const asPair = (row: { wallet: string; category: string; source: string }): PairHeldElsewhere => ({
  wallet: row.wallet,
  category: row.category,
  source: row.source,
});
