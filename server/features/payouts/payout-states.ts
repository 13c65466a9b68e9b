import type { PayoutState } from '@shared/payout-states';

export { type PayoutState, payoutStates } from '@shared/payout-states';

/** The states in which the tokens are still owed: nothing sent, or a transfer known not to have paid the wallet. */
export const owedPayoutStates: readonly PayoutState[] = ['not_sent', 'dropped', 'wrong_address'];

/** The states in which a recorded transfer is known not to have paid the wallet, or never showed up: the operator's to look into. */
export const problemPayoutStates = ['wrong_address', 'dropped', 'not_found'] as const satisfies readonly PayoutState[];

export type ProblemPayoutState = (typeof problemPayoutStates)[number];
