import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { copyFromStdin, copyText, needsCopyEscape } from '../../platform/db/copy-from-stdin.js';
import { addressOrder } from './address-order.js';
import type { LeafRows, ListRows } from './list-rows.js';

/** The bulk load of an import's rows, and the other sources' records as Merkle leaves. */

// Rows per step of a bulk load: a progress report, and on PostgreSQL a piece of the COPY's input.
const bulkStep = 25_000;

/**
 * PostgreSQL: the rows through `COPY … FROM STDIN` (copy-from-stdin.ts), a step of lines made while
 * PostgreSQL stores the step before, in address order (address-order.ts) so each row lands in the
 * indexes beside the one before.
 */
export async function insertAllocationRowsPostgres(
  db: Kysely<Database>,
  source: string,
  rows: ListRows,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  const order = addressOrder(rows.wallets, rows.length);
  const sourceText = copyText(source);
  const categories = rows.categoryNames.map(copyText);
  // Checked addresses never need escaping: one pass in list order spares a million lookups in address order.
  const { wallets } = rows;
  const walletText = wallets.some((wallet, row) => row < rows.length && needsCopyEscape(wallet)) ? copyText : (wallet: string) => wallet;
  function* steps(): Generator<string> {
    for (let start = 0; start < rows.length; start += bulkStep) {
      // Asked for the next step: the one before is on its way to PostgreSQL.
      if (start > 0) onBatch?.(start);
      const lines: string[] = [];
      for (const row of order.subarray(start, Math.min(start + bulkStep, rows.length))) {
        lines.push(`${walletText(wallets[row]!)}\t${categories[rows.categoryIds[row]!]}\t${rows.micros[row]}\t${sourceText}\n`);
      }
      yield lines.join('');
    }
  }
  await copyFromStdin(db, 'allocation_records', ['wallet_address', 'category', 'tokens_micro', 'source'], steps());
  if (rows.length > 0) onBatch?.(rows.length);
}

/**
 * SQLite: a prepared many-row insert on the raw handle, inside the caller's transaction. When the load
 * is at least as large as what stays in the table, the table's indexes are dropped first and built once
 * at the end (a sorted build instead of a million scattered index updates).
 */
export async function insertAllocationRowsSqlite(
  database: SQLite.Database,
  source: string,
  rows: ListRows,
  onBatch?: (inserted: number) => void,
): Promise<void> {
  if (!database.inTransaction) throw new Error('insertAllocationRowsSqlite runs inside the import transaction');
  const { count } = database.prepare('select count(*) as count from allocation_records').get() as { count: number };
  // Every index goes, the one led by `source` too: though the load only appends to it, updating it row
  // by row cost more than building it once.
  const indexes =
    rows.length >= count
      ? (database
          .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'allocation_records' and sql is not null")
          .all() as { name: string; sql: string }[])
      : [];
  for (const index of indexes) database.exec(`drop index "${index.name.replaceAll('"', '""')}"`);
  // The source is one named parameter, bound once per statement rather than once per row.
  const statement = (count: number) =>
    database.prepare(`insert into allocation_records (wallet_address, category, tokens_micro, source) values ${Array(count).fill('(?, ?, ?, @source)').join(', ')}`);
  // Rows per statement: far fewer calls into SQLite, still well below its 32,766 bound parameters.
  const perStatement = 100;
  const insertMany = statement(perStatement);
  const insertOne = statement(1);
  const parameters: unknown[] = new Array(perStatement * 3);
  const named = { source };
  const { wallets, categoryIds, categoryNames, micros } = rows;
  for (let start = 0; start < rows.length; start += bulkStep) {
    const end = Math.min(start + bulkStep, rows.length);
    let i = start;
    for (; i + perStatement <= end; i += perStatement) {
      for (let k = 0; k < perStatement; k += 1) {
        parameters[3 * k] = wallets[i + k];
        parameters[3 * k + 1] = categoryNames[categoryIds[i + k]!];
        parameters[3 * k + 2] = micros[i + k];
      }
      insertMany.run(parameters, named);
    }
    for (; i < end; i += 1) insertOne.run(wallets[i], categoryNames[categoryIds[i]!], micros[i], named);
    onBatch?.(end);
  }
  for (const index of indexes) database.exec(index.sql);
}

/** Every allocation record of the other sources (without `alsoExcept`'s too: a dry run leaves the demo set out), as Merkle leaf fields. */
export async function readAllocationLeavesExcept(db: Kysely<Database>, source: string, alsoExcept?: string): Promise<LeafRows> {
  let query = db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro']).where('source', '<>', source);
  if (alsoExcept !== undefined) query = query.where('source', '<>', alsoExcept);
  const records = await query.execute();
  return {
    wallets: records.map((record) => record.wallet_address),
    categories: records.map((record) => record.category),
    micros: records.map((record) => Number(record.tokens_micro)),
  };
}
