import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { sqliteHandleOf } from '../../platform/db/connect.js';
import { isStorageFull } from '../../platform/lib/storage-full.js';
import type { Database } from '../../platform/db/schema.js';
import type { ListGuard } from './list-guard.js';
import type { LeafRows, ListRows } from './list-rows.js';
import { insertAllocationRowsPostgres, insertAllocationRowsSqlite, readAllocationLeavesExcept } from './allocation-records.repository.js';
import { deleteRecordsOfSource } from './source-records.repository.js';

/**
 * Replaces every allocation record of `source` in one transaction; returns how many rows it replaced.
 * The list guard remembers the source's old rows before they go and counts the other sources' rows.
 * Those rows, as they stand in this transaction, go to `withOtherSources` before the load
 * (they are read while the table holds only them, and the Merkle tree can be built while the rows are
 * written). `beforeCommit` runs after the load, told how many rows were replaced: it waits for the last
 * checks of the rows, which may still run on another thread, and rolls everything back by throwing; its
 * writes join the transaction (commitListChange). The one write of the list that opens its own
 * transaction: the SQLite bulk load runs on the raw handle, and its journal mode changes only outside one.
 */
export async function replaceSourceRecords(
  db: Kysely<Database>,
  source: string,
  rows: ListRows,
  guard: ListGuard,
  {
    onBatch,
    withOtherSources,
    beforeCommit,
  }: {
    /** Told the rows written so far after each step of the load. */
    onBatch?: (inserted: number) => void;
    withOtherSources?: (rows: LeafRows) => void;
    beforeCommit?: (trx: Kysely<Database>, replaced: number) => Promise<void>;
  } = {},
): Promise<number> {
  const sqlite = sqliteHandleOf(db);
  const load = () =>
    db.transaction().execute(async (trx) => {
      // PostgreSQL: no other writer changes the records until this commits, so the tree built from the
      // rows read here is the tree of the table it commits (SQLite's transaction holds the one write lock).
      if (!sqlite) await sql`lock table allocation_records in share row exclusive mode`.execute(trx);
      await guard.beforeDelete(trx);
      const replaced = await deleteRecordsOfSource(trx, source);
      const otherSources = await readAllocationLeavesExcept(trx, source);
      guard.sawOtherSources(otherSources);
      withOtherSources?.(otherSources);
      // SQLite has one connection, held by this transaction: statements on its raw handle run inside it.
      if (sqlite) await insertAllocationRowsSqlite(sqlite, source, rows, onBatch);
      else await insertAllocationRowsPostgres(trx, source, rows, onBatch);
      await beforeCommit?.(trx, replaced);
      return replaced;
    });
  return sqlite ? withRollbackJournalWhenAlone(sqlite, load) : load();
}

/**
 * Runs a bulk load through a rollback journal when this process has the SQLite file alone: each page is
 * then written once, where WAL writes it to the log and again at the checkpoint. With a server (or any
 * other connection) on the file the switch is refused at once and the load stays in WAL, where readers
 * never wait. WAL comes back when the load ends, committed or not.
 */
async function withRollbackJournalWhenAlone<T>(sqlite: SQLite.Database, load: () => Promise<T>): Promise<T> {
  let alone = false;
  try {
    alone = sqlite.pragma('journal_mode = DELETE', { simple: true }) === 'delete';
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
  }
  try {
    return await load();
  } finally {
    if (alone) backToWal(sqlite);
  }
}

/**
 * Switching back rewrites the file's header, which a full disk can refuse: the file then stays in
 * rollback-journal mode until the next connection opens it (connect.ts sets WAL on every open), and
 * the load's own outcome, committed or rolled back, is what the caller hears.
 */
function backToWal(sqlite: SQLite.Database): void {
  try {
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    if (!isStorageFull(error)) throw error;
  }
}
