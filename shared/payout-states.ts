/** What the block explorers last said of a payout's transaction (payout_transactions.state). */
const payoutTransactionStates = ['unchecked', 'unconfirmed', 'confirmed', 'dropped', 'not_found'] as const;

/**
 * A (wallet, category)'s payout as the allocation list sees it: none recorded, its transaction's state,
 * or, whatever that state, a transaction with no output to the wallet (payouts.output_state).
 */
export const payoutStates = ['not_sent', ...payoutTransactionStates, 'wrong_address'] as const;

export type PayoutState = (typeof payoutStates)[number];

/**
 * The states of a transfer on its way or arrived: recorded and not (yet) disowned by the explorers. A
 * whale-bonus release in any other state, past its block, is shown as not sent.
 */
export const sentPayoutStates: readonly PayoutState[] = ['unchecked', 'unconfirmed', 'confirmed'];
