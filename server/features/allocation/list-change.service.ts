import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type AuditActor, recordChange, unnamedActor } from '../audit/index.js';
import { type ImportedTree, labelAllocationSnapshot, storedTreeRoot, storeImportedTree, unlabelAllocationSnapshot } from './allocation-snapshot.service.js';
import type { ListGuard } from './list-guard.js';
import { type AfterReveal, type RootPublication, settleRootChange } from './published-roots.service.js';

/** A written change of one source's records (an import, `--remove-source`), as it commits. */
export interface ListChange {
  source: string;
  /** The guard the records were replaced under (replaceSourceRecords). */
  guard: ListGuard;
  /** Rows the source holds after the change. */
  rows: number;
  /** The source's snapshot label after the change; null when the change emptied the source. */
  label: { asOfBlock: number | null; importedAt: number } | null;
  /** The tree of the whole table after the change, built while the rows were written. */
  tree: Promise<ImportedTree>;
  /** Change a published root on purpose (`--after-reveal --reason`); otherwise the change is refused. */
  afterReveal?: AfterReveal | undefined;
  /** The change as a refusal names it ("this import"). */
  what: string;
  by?: AuditActor | undefined;
  /** The audit entry's action, and what its `after` holds besides the new root. */
  audit: { action: string; after: Record<string, unknown> };
}

/**
 * Everything a change of one source's records commits besides the records, in the caller's transaction
 * (replaceSourceRecords' `beforeCommit`): the list guard's verdict, the source's snapshot label, the new
 * tree, the published root's settlement and the audit entry. A refusal by the guard or of a published
 * root's change throws, which rolls the whole change back.
 */
export async function commitListChange(trx: Kysely<Database>, change: ListChange): Promise<RootPublication> {
  const { source, guard, afterReveal } = change;
  const entry = { action: change.audit.action, target: source, reason: afterReveal?.reason ?? null };
  return recordChange(trx, change.by ?? unnamedActor, entry, async (trx) => {
    if (!(await guard.check(trx, change.rows))) throw new Error('refused by the list guard: rolled back');
    if (change.label) await labelAllocationSnapshot(trx, { source, ...change.label });
    else await unlabelAllocationSnapshot(trx, source);
    const tree = await change.tree;
    const before = await storedTreeRoot(trx);
    await storeImportedTree(trx, tree);
    const publication = await settleRootChange(trx, { root: tree.root, leafCount: tree.leafCount, afterReveal, what: change.what });
    const after = { root: tree.root, leafCount: tree.leafCount, ...change.audit.after, ...guard.audited() };
    return { result: publication, before, after };
  });
}
