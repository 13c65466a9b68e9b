import type { Kysely } from 'kysely';
import type { Sha256 } from '@shared/merkle';
import type { Database } from '../../db/schema.js';
import { type AllocationTreeState, buildAllocationTree, readTableVersion } from './allocation-tree.js';
import { nodeSha256 } from '../../lib/node-sha256.js';

export interface AllocationTreeCache {
  /** The tree of the current records: built once per table version, shared by concurrent requests. */
  current: () => Promise<AllocationTreeState>;
}

/**
 * One tree per server process, rebuilt only when the table version moves (an import, the demo set coming
 * or going), never per request. A million records make a tree of about 64 MB.
 */
export function createAllocationTreeCache(db: Kysely<Database>, hash: Sha256 = nodeSha256): AllocationTreeCache {
  let built: AllocationTreeState | null = null;
  let pending: { version: string; promise: Promise<AllocationTreeState> } | null = null;

  return {
    async current() {
      const { version } = await readTableVersion(db);
      if (built?.version === version) return built;
      if (pending?.version !== version) {
        // Dropped first, so an old and a new million-leaf tree are never held together.
        built = null;
        const promise: Promise<AllocationTreeState> = buildAllocationTree(db, hash)
          .then((state) => {
            built = state;
            return state;
          })
          .finally(() => {
            if (pending?.promise === promise) pending = null;
          });
        pending = { version, promise };
      }
      return pending.promise;
    },
  };
}
