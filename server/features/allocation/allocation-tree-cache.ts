import type { Kysely } from 'kysely';
import { leafCount, type Sha256, toHex, treeRoot } from '@shared/merkle';
import type { Database } from '../../platform/db/schema.js';
import { upperLevels } from '../../platform/lib/merkle-buckets.js';
import { nodeSha256 } from '../../platform/lib/node-sha256.js';
import { buildAllocationTree, readTableVersion } from './allocation-tree.js';
import { type HeldTree, heldPartOf, loadHeldTree, loadTreeSummary, storeBuiltTree, type TreeSummary } from './allocation-tree-store.js';

export interface AllocationTreeCache {
  /** The held part of the current records' stored tree: read once per table version, shared by concurrent requests. */
  current: () => Promise<HeldTree>;
  /** The current root, from what is held or the stored tree's row. */
  summary: () => Promise<TreeSummary>;
  /** Drops the held tree: its buckets in the database no longer match it (another process stored a newer one). */
  forget: (tree: HeldTree) => void;
}

/**
 * The stored tree's small part (bucket first leaves and upper levels, a few MB per million leaves), read
 * from the database once per table version. When no stored tree matches the records (they were changed
 * outside an import: the demo set, seeded rows), the tree is built from every record as before and
 * stored, so the next process reads it; only the small part stays in memory.
 */
export function createAllocationTreeCache(
  db: Kysely<Database>,
  hash: Sha256 = nodeSha256,
  onStoreFailed: (error: unknown) => void = () => {},
): AllocationTreeCache {
  let held: HeldTree | null = null;
  let pending: { version: string; promise: Promise<HeldTree> } | null = null;

  async function build(): Promise<HeldTree> {
    const built = await buildAllocationTree(db, hash);
    const root = treeRoot(built.tree);
    const tree = {
      version: built.version,
      leafCount: leafCount(built.tree),
      root: root ? toHex(root) : null,
      asOfBlock: built.asOfBlock,
      leaves: built.tree.levels[0]!,
      upperLevels: upperLevels(built.tree),
    };
    let stored = false;
    try {
      stored = await storeBuiltTree(db, tree);
    } catch (error) {
      // Another writer holding the database only costs the next process the same build.
      onStoreFailed(error);
    }
    // Unstored, the buckets in the database are another tree's: this process keeps its leaves.
    return stored ? heldPartOf(tree) : { ...heldPartOf(tree), leaves: tree.leaves };
  }

  async function load(version: string): Promise<HeldTree> {
    return (await loadHeldTree(db, version)) ?? build();
  }

  return {
    async current() {
      const { version } = await readTableVersion(db);
      if (held?.version === version) return held;
      if (pending?.version !== version) {
        held = null;
        const promise: Promise<HeldTree> = load(version)
          .then((tree) => {
            held = tree;
            return tree;
          })
          .finally(() => {
            if (pending?.promise === promise) pending = null;
          });
        pending = { version, promise };
      }
      return pending.promise;
    },

    async summary() {
      const { version } = await readTableVersion(db);
      const summary = held?.version === version ? held : await loadTreeSummary(db, version);
      const { root, leafCount, asOfBlock } = summary ?? (await this.current());
      return { root, leafCount, asOfBlock };
    },

    forget(tree) {
      if (held === tree) held = null;
    },
  };
}
