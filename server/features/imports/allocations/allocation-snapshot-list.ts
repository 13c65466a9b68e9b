import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** One allocation source as the console lists it: its snapshot label and the figures of its live rows. */
export interface ImportSnapshot {
  source: string;
  rows: number;
  wallets: number;
  /** Micro-tokens as a decimal string. */
  totalMicro: string;
  asOfBlock: number | null;
  /** Null for rows no import labelled (the demo data set, test seeds). */
  importedAt: number | null;
  /** Who imported it, from the audit log's latest import of the source; null when the log has none. */
  importedBy: { actor: string; role: string | null } | null;
}

/**
 * Every allocation source: each snapshot label and each source holding rows, with its rows, wallets and
 * tokens (one grouped scan of the records), and the latest import of it on the audit log.
 */
export async function listImportSnapshots(db: Kysely<Database>): Promise<ImportSnapshot[]> {
  const figures = await db
    .selectFrom('allocation_records')
    .select((eb) => [
      'source',
      eb.fn.countAll<number>().as('rows'),
      eb.fn.count<number>('wallet_address').distinct().as('wallets'),
      sql<string>`cast(sum(tokens_micro) as text)`.as('total'),
    ])
    .groupBy('source')
    .execute();
  const labels = await db.selectFrom('allocation_snapshots').select(['source', 'as_of_block', 'imported_at']).execute();
  const imports = await db
    .selectFrom('audit_log')
    .select(['target', 'actor', 'actor_role'])
    .where('action', '=', 'import.allocations')
    .orderBy('id', 'desc')
    .execute();
  const bySource = new Map<string, ImportSnapshot>();
  const entry = (source: string): ImportSnapshot => {
    let snapshot = bySource.get(source);
    if (!snapshot) {
      snapshot = { source, rows: 0, wallets: 0, totalMicro: '0', asOfBlock: null, importedAt: null, importedBy: null };
      bySource.set(source, snapshot);
    }
    return snapshot;
  };
  for (const label of labels) {
    const snapshot = entry(label.source);
    snapshot.asOfBlock = label.as_of_block === null ? null : Number(label.as_of_block);
    snapshot.importedAt = Number(label.imported_at);
  }
  for (const row of figures) {
    const snapshot = entry(row.source);
    snapshot.rows = Number(row.rows);
    snapshot.wallets = Number(row.wallets);
    snapshot.totalMicro = String(row.total ?? '0');
  }
  for (const row of imports) {
    const snapshot = row.target === null ? undefined : bySource.get(row.target);
    if (snapshot && !snapshot.importedBy) snapshot.importedBy = { actor: row.actor, role: row.actor_role };
  }
  // Newest import first; unlabelled sources last, by name.
  return [...bySource.values()].sort((a, b) => (b.importedAt ?? -1) - (a.importedAt ?? -1) || a.source.localeCompare(b.source));
}
