export { computeAllocationRoot, labelAllocationSnapshot, liveTableRoot, storedTreeRoot, storeImportedTree, unlabelAllocationSnapshot } from './allocation-snapshot.service.js';
export { listAllocationSnapshots } from './allocation-snapshots.repository.js';
export { lookupAllocations, walletCategoryNames } from './allocation.service.js';
export { type LookupCounter, uncountedLookups } from './lookup-counter.js';
export { type AfterReveal, afterRevealCheck, carryPublishedRoots, previewRootChange, type PublishedRootRow, publishPastReveal, publishRootAtReveal, readPublishedRootRows, type RootChangePreview, type RootPublication, settleRootChange, settleTableRootChange } from './published-roots.service.js';
export { default as allocationRoutes } from './allocation.routes.js';
