import { type Expression, sql } from 'kysely';
import { owedPayoutStates, type PayoutState } from './payout-states.js';

/**
 * A pair's payout inside a statement another feature runs over (wallet, category) pairs: the allocation
 * list's payout progress and, later, its lookup. Left joins of `payouts` as `payout` and
 * `payout_transactions` as `payout_tx` on the statement's wallet and category, so a pair without a
 * payout keeps its row: one probe of the unique (wallet_address, category) index and one of the
 * transaction's key per pair, in the caller's one statement.
 */
export function joinPayoutOf(wallet: Expression<string>, category: Expression<string>) {
  return sql`left join payouts payout on payout.wallet_address = ${wallet} and payout.category = ${category}
    left join payout_transactions payout_tx on payout_tx.txid = payout.txid`;
}

/** The pair's PayoutState, over the tables `joinPayoutOf` joined. */
export const payoutState = sql<PayoutState>`(case when payout.id is null then 'not_sent'
  when payout.output_state = 'wrong_address' then 'wrong_address' else payout_tx.state end)`;

/** Whether the pair's tokens are still owed (owedPayoutStates), over the tables `joinPayoutOf` joined. */
export const payoutOwed = sql<boolean>`${payoutState} in (${sql.join(owedPayoutStates)})`;

/**
 * Whether any payout is recorded at all, as a scalar of the caller's statement: one probe of the table's
 * first row. Until the first one, holders see the list as before the payouts began.
 */
export const anyPayoutRecorded = sql<boolean>`exists(select 1 from payouts)`;
