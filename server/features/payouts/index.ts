/**
 * The payouts feature's public face: what the operator sent for each (wallet, category) of the allocation
 * list (`payouts`), and what the block explorers say of each transaction (`payout_transactions`). It uses
 * no other feature, so the allocation feature joins a pair's payout into its own statements
 * (`joinPayoutOf`, `payoutState`, `payoutOwed`); `npm run import:payouts` writes through `writePayouts`;
 * the console lists the problem payouts (`listProblemPayouts`) and when an explorer last answered.
 */
export { anyPayoutRecorded, joinPayoutOf, payoutOwed, payoutState } from './payout-join.js';
export { owedPayoutStates, type PayoutState, payoutStates } from './payout-states.js';
export { countPayouts, findPayoutsOfWallets, type Payout, type RecordedPayout, writePayouts } from './payouts.repository.js';
export { default as payoutCheck } from './payout-check.plugin.js';
export { countPayoutsByState, lastTransactionAnswerAt } from './payout-check.repository.js';
export { listProblemPayouts } from './payout-problems.repository.js';
export { createPayoutCheck } from './payout-check.service.js';
