import type { Kysely } from 'kysely';
import { type DistributionResponse, type DistributionState, distributionStates, problemPayoutLimit } from '@shared/schemas/admin-distribution';
import type { Database } from '../../platform/db/schema.js';
import { payoutStatus } from '../imports/index.js';
import { lastTransactionAnswerAt, listProblemPayouts, type PayoutState } from '../payouts/index.js';

/** What this process's payout check counted since it started (`app.payoutCheck.totals()`). */
export interface PayoutCheckTotals {
  requests: number;
  failedRequests: number;
  lastRunAt: number | null;
}

/** Never unless A and B are the same union: the section's states (shared) and the payouts feature's, held together by the type checker. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? A : never) : never;
const shownStates: readonly Exactly<DistributionState, PayoutState>[] = distributionStates;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const micro = (value: number) => String(value);

/**
 * The console's Distribution section: per category of the live list, its wallets and tokens in every
 * payout state (what `npm run payouts -- status` prints), the problem payouts, and the check's last run.
 */
export async function readDistribution(db: Kysely<Database>, check: PayoutCheckTotals, problemLimit = problemPayoutLimit): Promise<DistributionResponse> {
  const status = await payoutStatus(db);
  const problems = await listProblemPayouts(db, problemLimit);
  const lastAnswerAt = await lastTransactionAnswerAt(db);
  return {
    categories: status.categories.map((category) => {
      const present = new Map(category.states.map((state) => [state.state, state]));
      return {
        category: category.category,
        wallets: category.wallets,
        tokensMicro: micro(category.micro),
        paid: { wallets: category.paid.wallets, tokensMicro: micro(category.paid.micro) },
        states: shownStates.map((state) => ({ state, wallets: present.get(state)?.wallets ?? 0, tokensMicro: micro(present.get(state)?.micro ?? 0) })),
      };
    }),
    total: { pairs: status.total.wallets, tokensMicro: micro(status.total.micro), paid: { pairs: status.total.paid.wallets, tokensMicro: micro(status.total.paid.micro) } },
    transactions: status.transactions,
    offList: status.offList,
    problems: {
      payouts: problems.payouts.map((payout) => ({
        walletAddress: payout.wallet,
        category: payout.category,
        txid: payout.txid,
        vout: payout.vout,
        reason: payout.reason,
        recordedAt: iso(payout.recordedAt)!,
        firstSeenAt: iso(payout.firstSeenAt),
        checkedAt: iso(payout.checkedAt),
      })),
      total: problems.total,
      limit: problemLimit,
    },
    check: { lastRunAt: iso(check.lastRunAt), lastAnswerAt: iso(lastAnswerAt), requests: check.requests, failedRequests: check.failedRequests },
  };
}
