/**
 * The build's entry for the allocation import's worker thread (scripts/server-build.ts bundles it as
 * dist/scripts/allocation-worker.js, beside the import that starts it); the worker is allocations/allocation-worker.ts.
 */
import './allocations/allocation-worker.js';
