import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { demoSource } from '../../platform/demo-source.js';
import { candidateSide, compareAllocationRows, liveSide } from './allocation-difference.js';
import { readAllocationLeavesExcept } from './allocation-records.repository.js';
import { liveTableRoot } from './allocation-snapshot.service.js';
import type { LeafRows, ListRows } from './list-rows.js';
import { DryRunTally, type ListGuard, overlapInMemory } from './list-guard.js';
import type { ListDifference, ListGuardRefusal } from './list-guard-types.js';
import { readRecordsOfSource } from './source-records.repository.js';

/**
 * What replacing the live rows of `source` with `rows` would do, as a dry run, the console's preview and a
 * refused import print it: the source's own difference, the whole list's (per wallet, every source), the
 * Merkle root now and the root the import publishes when run next with the same flags. With the demo data
 * set loaded and no --keep-demo that import is refused until `npm run demo:remove`, so the demo rows are
 * left out of the new root and of the whole list, and the root is labelled so.
 * Read outside a transaction: a preview, not a promise; the import itself decides again under its lock.
 * A pair another source holds is refused here too, as the import would refuse it.
 */
export async function previewListChange(
  db: Kysely<Database>,
  source: string,
  rows: ListRows,
  buildTree: (others: LeafRows) => Promise<{ root: string | null }>,
  { limit, withoutDemo }: { limit: number; withoutDemo: boolean },
): Promise<ListDifference | ListGuardRefusal> {
  const oldRoot = await liveTableRoot(db);
  const exceptDemo = withoutDemo ? demoSource : undefined;
  const others = await readAllocationLeavesExcept(db, source, exceptDemo);
  const overlap = await overlapInMemory(db, source, rows, others, exceptDemo);
  if (overlap.pairs > 0) return { ok: false, refused: 'overlap', source, overlap };
  const tree = await buildTree(others);
  const live = liveSide(await readRecordsOfSource(db, source));
  const tally = new DryRunTally();
  const difference = compareAllocationRows(source, live, candidateSide(rows), { oldRoot: oldRoot.root, newRoot: tree.root }, limit, tally.visit);
  return { ...difference, wholeList: tally.result(others), newRootAfterDemoRemove: withoutDemo };
}

/**
 * The refusal of a written import (or removal) its guard rolled back; a shrinking one carries the
 * difference, as the dry run prints it, with the root the import would have published.
 */
export async function refusedByGuard(guard: ListGuard, difference: () => Promise<ListDifference | ListGuardRefusal>): Promise<ListGuardRefusal> {
  const refusal = guard.refusal!;
  if (refusal.refused === 'overlap') return { ok: false, refused: 'overlap', source: guard.source, overlap: refusal.overlap };
  const described = await difference();
  if ('refused' in described) return described;
  return { ok: false, refused: 'shrinks', source: guard.source, shrink: refusal.shrink, difference: described };
}
