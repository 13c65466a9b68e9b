import type { Kysely } from 'kysely';
import type { AdminDispute } from '@shared/schemas/admin';
import type { FoundAllocation } from '@shared/schemas/allocation';
import type { DisputeStatus } from '@shared/dispute-rules';
import type { Database } from '../../db/schema.js';
import { lookupAllocation } from '../allocation/allocation.service.js';
import { listDisputesForOperator } from '../disputes/disputes.service.js';

/** The disputes of one status (or all), each with its holder's allocation: one lookup per distinct wallet. */
export async function listDisputesWithHoldings(db: Kysely<Database>, status: DisputeStatus | null): Promise<AdminDispute[]> {
  const disputes = await listDisputesForOperator(db, status);
  const holdings = new Map<string, FoundAllocation | null>();
  for (const { walletAddress } of disputes) {
    if (holdings.has(walletAddress)) continue;
    const result = await lookupAllocation(db, walletAddress);
    holdings.set(walletAddress, result.success ? result.allocation : null);
  }
  return disputes.map((dispute) => ({ ...dispute, holderAllocation: holdings.get(dispute.walletAddress) ?? null }));
}
