import type { AllocationRoot } from '@shared/schemas/allocation';
import { getJson } from '@client/lib/api-client';

/** The published Merkle root, fetched apart from any proof so a tampered proof answer cannot bring its own root. */
export function getAllocationRoot(): Promise<AllocationRoot> {
  return getJson<AllocationRoot>('/api/allocation/root');
}
