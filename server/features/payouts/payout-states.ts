import type { PayoutState } from '@shared/payout-states';

export { type PayoutState, payoutStates } from '@shared/payout-states';

/** The states in which the tokens are still owed: nothing sent, or a transfer known not to have paid the wallet. */
export const owedPayoutStates: readonly PayoutState[] = ['not_sent', 'dropped', 'wrong_address'];
