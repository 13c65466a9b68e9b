import type { Kysely } from 'kysely';
import type { AdminDispute } from '@shared/schemas/admin';
import type { DisputeStatus } from '@shared/dispute-rules';
import type { Database } from '../../platform/db/schema.js';
import { lookupAllocations } from '../allocation/index.js';
import { listDisputesForOperator } from '../disputes/index.js';

/** The disputes of one status (or all), each with its holder's allocation: two statements however many there are. */
export async function listDisputesWithHoldings(db: Kysely<Database>, status: DisputeStatus | null): Promise<AdminDispute[]> {
  const disputes = await listDisputesForOperator(db, status);
  const holdings = await lookupAllocations(db, disputes.map((dispute) => dispute.walletAddress));
  return disputes.map((dispute) => ({ ...dispute, holderAllocation: holdings.get(dispute.walletAddress) ?? null }));
}
