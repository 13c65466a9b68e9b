import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import type { DemoCounts } from '../../demo/index.js';
import {
  type AfterReveal,
  commitListChange,
  countRecordsOfSource,
  type ImportedTree,
  type LeafRows,
  type ListDifference,
  ListGuard,
  type ListGuardRefusal,
  previewListChange,
  previewRootChange,
  publishPastReveal,
  refusedByGuard,
  replaceSourceRecords,
  type RootChangePreview,
  type RootPublication,
  type WholeListChange,
} from '../../allocation/index.js';
import type { AuditActor } from '../../audit/index.js';
import { demoRowsInTheWay, type ImportRefusedForDemo, resolveSource } from '../shared/import-file.js';
import type { MerkleRoot } from '../shared/merkle-root.js';
import { AllocationRows } from './allocation-rows.js';
import { AllocationWorker } from './allocation-worker-client.js';
import { listImportSnapshots } from './allocation-snapshot-list.js';

export interface RemovalOptions {
  dryRun?: boolean;
  /** Remove even though wallets leave the list or totals go down (which removing any row of value does). */
  replace?: boolean;
  keepDemo?: boolean;
  /** Change a published root on purpose (`--after-reveal --reason`); otherwise refused as an import is. */
  afterReveal?: AfterReveal;
  by?: AuditActor;
  /** Dry run: how many differing wallets the difference lists. */
  differenceLimit?: number;
}

export interface SourceRemoved {
  ok: true;
  source: string;
  /** The source's rows that were (or, in a dry run, would be) removed. */
  removedRows: number;
  dryRun: boolean;
  demoRows: DemoCounts | null;
  /** Dry run: the difference, as an import's dry run gives it for a list without rows. */
  difference?: ListDifference;
  /** Written: the root of the table after the removal, and what it did to the whole list. */
  merkle?: MerkleRoot;
  listChange?: WholeListChange;
  /** Written: what the removal did to the published root. */
  publication?: RootPublication;
  /** Dry run: whether the removal would need --after-reveal, or publish its root. */
  rootChange?: RootChangePreview;
}

export type SourceRemovalResult = SourceRemoved | ImportRefusedForDemo | ListGuardRefusal | { ok: false; unknownSource: string };

/**
 * `import:allocations --remove-source NAME`: drops every record of one source and its snapshot label, in
 * one transaction that also stores the new Merkle tree and the audit entry, under the import's guards:
 * refused while the demo set is loaded (unless keepDemo), and, without `replace`, when a wallet leaves the
 * list or a total goes down, which removing a source with any tokens always does. A dry run prints the
 * difference and the root the removal publishes.
 */
export async function removeAllocationSource(db: Kysely<Database>, name: string, options: RemovalOptions = {}): Promise<SourceRemovalResult> {
  const source = resolveSource('', name);
  const demo = await demoRowsInTheWay(db, options);
  if (demo.refuse) return { ok: false, demoRows: demo.demoRows! };
  const held = await countRecordsOfSource(db, source);
  // A source without rows may still have its label (the console lists it): removing that is allowed.
  if (held === 0 && !(await listImportSnapshots(db)).some((snapshot) => snapshot.source === source)) return { ok: false, unknownSource: source };

  const none = new AllocationRows([]);
  const worker = new AllocationWorker({ checksum: false, merkle: true });
  try {
    const difference = (buildTree: (others: LeafRows) => Promise<{ root: string | null }>) =>
      previewListChange(db, source, none, buildTree, {
        limit: options.differenceLimit ?? 20,
        withoutDemo: demo.demoRows !== null && !options.keepDemo,
      });
    if (options.dryRun) {
      const preview = await difference((others) => worker.merkleTree(others));
      if ('refused' in preview) return preview;
      const rootChange = await previewRootChange(db, preview);
      return { ok: true, source, removedRows: preview.liveRows, dryRun: true, demoRows: demo.demoRows, difference: preview, rootChange };
    }

    const guard = new ListGuard(source, options.replace ?? false);
    const trees: Promise<ImportedTree>[] = [];
    let removedRows: number;
    let publication: RootPublication | undefined;
    // A reveal no server recorded published the root the list holds now (published-roots.service.ts).
    await publishPastReveal(db);
    try {
      removedRows = await replaceSourceRecords(db, source, none, guard, {
        withOtherSources: (others) => {
          const tree = worker.merkleTree(others);
          tree.catch(() => {});
          trees.push(tree);
        },
        beforeCommit: async (trx, replaced) => {
          publication = await commitListChange(trx, {
            source,
            guard,
            rows: 0,
            label: null,
            tree: trees[0]!,
            afterReveal: options.afterReveal,
            what: 'this removal',
            by: options.by,
            audit: { action: 'import.remove-source', after: { removedRows: replaced } },
          });
        },
      });
    } catch (failure) {
      // Awaited here: the difference waits on the worker's tree, and `finally` stops the worker.
      if (guard.refusal) return await refusedByGuard(guard, () => difference(() => trees[0]!));
      throw failure;
    }
    const { root, leafCount } = await trees[0]!;
    return { ok: true, source, removedRows, dryRun: false, demoRows: demo.demoRows, merkle: { root, leafCount }, listChange: guard.change, publication };
  } finally {
    await worker.close();
  }
}
