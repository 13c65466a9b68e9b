import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type AllocationSnapshot, deleteAllocationSnapshot, findLatestAsOfBlock, upsertAllocationSnapshot } from './allocation-snapshots.repository.js';
import { computeAllocationRoot, readTableVersion } from './allocation-tree.js';
import { findStoredTreeRoot } from './allocation-tree.repository.js';
import { loadTreeSummary, writeTree } from './allocation-tree-store.js';

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

/**
 * Drops the label of a source `--remove-source` emptied, in its transaction: the console no longer lists
 * it, and the table version moves, so running servers read the new tree.
 */
export async function unlabelAllocationSnapshot(db: Kysely<Database>, source: string): Promise<void> {
  await deleteAllocationSnapshot(db, source);
}

/** The tree of the whole table an import built while it wrote: the sorted leaves and the levels from the bucket roots up. */
export interface ImportedTree {
  root: string | null;
  leafCount: number;
  leaves: Uint8Array;
  upperLevels: Uint8Array[];
}

/**
 * Stores the tree an import built in the import's own transaction, after its rows and snapshot are
 * written: stamped with the table version the transaction leaves behind, it never disagrees with the
 * records it describes, and every server reads it instead of building its own.
 */
export async function storeImportedTree(trx: Kysely<Database>, tree: ImportedTree, now = Date.now()): Promise<void> {
  const { version } = await readTableVersion(trx);
  await writeTree(trx, { ...tree, version, asOfBlock: await findLatestAsOfBlock(trx) }, now);
}

/** The root the servers were proving from (the stored tree), or null before the first import. */
export async function storedTreeRoot(db: Kysely<Database>): Promise<{ root: string | null; leafCount: number } | null> {
  const row = await findStoredTreeRoot(db);
  return row ? { root: row.root, leafCount: Number(row.leaf_count) } : null;
}

/** The root of the table as it stands: the stored tree when it was built from this table version, else built from the records. */
export async function liveTableRoot(db: Kysely<Database>): Promise<{ root: string | null; leafCount: number }> {
  const { version } = await readTableVersion(db);
  const stored = await loadTreeSummary(db, version);
  if (stored) return { root: stored.root, leafCount: stored.leafCount };
  const built = await computeAllocationRoot(db);
  return { root: built.root, leafCount: built.leafCount };
}
