/** What the block explorers last said of a payout's transaction (payout_transactions.state). */
export const payoutTransactionStates = ['unchecked', 'unconfirmed', 'confirmed', 'dropped', 'not_found'] as const;

/**
 * A (wallet, category)'s payout as the allocation list sees it: none recorded, its transaction's state,
 * or, whatever that state, a transaction with no output to the wallet (payouts.output_state).
 */
export const payoutStates = ['not_sent', ...payoutTransactionStates, 'wrong_address'] as const;

export type PayoutState = (typeof payoutStates)[number];

/** The states in which the tokens are still owed: nothing sent, or a transfer known not to have paid the wallet. */
export const owedPayoutStates: readonly PayoutState[] = ['not_sent', 'dropped', 'wrong_address'];

/** The states in which a recorded transfer is known not to have paid the wallet, or never showed up: the operator's to look into. */
export const problemPayoutStates = ['wrong_address', 'dropped', 'not_found'] as const satisfies readonly PayoutState[];

export type ProblemPayoutState = (typeof problemPayoutStates)[number];
