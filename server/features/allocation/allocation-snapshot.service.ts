import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AllocationSnapshot, upsertAllocationSnapshot } from './allocation-snapshots.repository.js';
import { computeAllocationRoot } from './allocation-tree.js';

export { computeAllocationRoot };

/**
 * Labels an import source with the block height its figures are "as of" and returns the Merkle root over
 * every record now in the table. Writing the snapshot also moves the table version, so running servers
 * rebuild their tree on the next request. An import that built the root while it wrote (`built`) saves
 * reading the whole table again.
 */
export async function recordAllocationSnapshot(
  db: Kysely<Database>,
  snapshot: { source: string; asOfBlock: number | null },
  now = Date.now(),
  built?: { root: string | null; leafCount: number },
) {
  await labelAllocationSnapshot(db, { source: snapshot.source, asOfBlock: snapshot.asOfBlock, importedAt: now });
  return built ?? computeAllocationRoot(db);
}

/** Labels an import source with its "as of" block height; an import writes it in its own transaction. */
export async function labelAllocationSnapshot(db: Kysely<Database>, snapshot: AllocationSnapshot): Promise<void> {
  await upsertAllocationSnapshot(db, snapshot);
}
