import type { AllocationProof } from '@shared/schemas/allocation';
import { getJson } from '@client/lib/api-client';

export function getAllocationProof(walletAddress: string): Promise<AllocationProof> {
  return getJson<AllocationProof>(`/api/allocation/proof?wallet=${encodeURIComponent(walletAddress)}`);
}
