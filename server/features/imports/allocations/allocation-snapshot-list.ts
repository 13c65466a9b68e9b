import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { listAllocationSnapshots, listSourceFigures } from '../../allocation/index.js';
import { findLatestActorByTarget } from '../../audit/index.js';

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
  const figures = await listSourceFigures(db);
  const labels = await listAllocationSnapshots(db);
  const importers = await findLatestActorByTarget(db, 'import.allocations');
  const bySource = new Map<string, ImportSnapshot>();
  const entry = (source: string): ImportSnapshot => {
    let snapshot = bySource.get(source);
    if (!snapshot) {
      snapshot = { source, rows: 0, wallets: 0, totalMicro: '0', asOfBlock: null, importedAt: null, importedBy: null };
      bySource.set(source, snapshot);
    }
    return snapshot;
  };
  for (const label of labels) Object.assign(entry(label.source), { asOfBlock: label.asOfBlock, importedAt: label.importedAt });
  for (const { source, rows, wallets, totalMicro } of figures) Object.assign(entry(source), { rows, wallets, totalMicro });
  for (const [source, actor] of importers) {
    const snapshot = bySource.get(source);
    if (snapshot) snapshot.importedBy = actor;
  }
  // Newest import first; unlabelled sources last, by name.
  return [...bySource.values()].sort((a, b) => (b.importedAt ?? -1) - (a.importedAt ?? -1) || a.source.localeCompare(b.source));
}
