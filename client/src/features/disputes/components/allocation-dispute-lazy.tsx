import { lazy, Suspense } from 'react';

// Shown only under a lookup's answer, never at a page's first paint: its dialog code (Radix Dialog and
// the dispute form) loads when a result does, not before the allocation page can show its first text.
const AllocationDisputeChunk = lazy(async () => ({ default: (await import('./allocation-dispute')).AllocationDispute }));

/** 'Something wrong?' (allocation-dispute.tsx), fetched on first use. */
export function AllocationDispute() {
  return (
    <Suspense fallback={null}>
      <AllocationDisputeChunk />
    </Suspense>
  );
}
