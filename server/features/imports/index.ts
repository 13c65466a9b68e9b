/**
 * The imports feature's public face: the allocation import (allocations/), the points import
 * (points/), `npm run allocate` (allocate/), which writes points allocations through the
 * point-allocations feature as the points import does, and the payout import with its status and
 * export of what is still owed (payouts/), which write and read through the payouts feature. The
 * imports read through shared/: one CSV reader, one wallet check, one token-amount reader, one
 * total-supply check, one progress reporter.
 * The allocation import reads and checks a list; the allocation feature writes it, under its list
 * guard, with its tree, root and audit entry.
 */
export { importAllocationsFile } from './allocations/allocation-import.service.js';
export type { MerkleRoot } from './shared/merkle-root.js';
export { importPointsFile } from './points/points-import.service.js';
export { sourceNameProblem } from './shared/import-file.js';
export type { ImportAccepted, ImportOptions, ImportResult } from './shared/import-file.js';
export { extraCategoryProblem } from './allocations/category-check.js';
export type { ImportProgress } from './shared/progress.js';
export { listImportSnapshots } from './allocations/allocation-snapshot-list.js';
export { needsReplace } from '../allocation/index.js';
export type { ListDifference, ListGuardRefusal, WholeListChange } from '../allocation/index.js';
export { removeAllocationSource } from './allocations/remove-allocation-source.js';
export { allocateFromPoints, defaultAllocateSource } from './allocate/allocate.service.js';
export { importPayoutsFile } from './payouts/payout-import.service.js';
export type { PayoutChange, PayoutsAccepted } from './payouts/payout-import.service.js';
export { type PayoutFigures, payoutStatus } from './payouts/payout-status.js';
export { writeOwedAllocationCsv } from './payouts/unpaid-export.js';
