import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { readPayoutProgress } from '../../allocation/index.js';
import { countPayouts, owedPayoutStates, type PayoutState, payoutStates } from '../../payouts/index.js';
import { compareCategories } from '../allocations/category-check.js';

export interface PayoutFigures {
  /** (wallet, category) pairs of the list; per category, its wallets. */
  wallets: number;
  /** Micro-tokens. */
  micro: number;
}

export interface CategoryPayouts extends PayoutFigures {
  category: string;
  /** Pairs with a payout whose transfer is not known to have failed (not in owedPayoutStates). */
  paid: PayoutFigures;
  /** By payout state, in payoutStates' order; only the states present. */
  states: (PayoutFigures & { state: PayoutState })[];
}

export interface PayoutStatus {
  /** In the list's category order. */
  categories: CategoryPayouts[];
  /** Every category together, counted in pairs. */
  total: PayoutFigures & { paid: PayoutFigures };
  /** Payouts recorded for a (wallet, category) the live list no longer holds. */
  offList: number;
  /** Transactions the payouts name. */
  transactions: number;
}

const owed = new Set<PayoutState>(owedPayoutStates);

/** Progress per category of the live allocation list: its wallets and tokens by payout state, and what is paid. */
export async function payoutStatus(db: Kysely<Database>): Promise<PayoutStatus> {
  const rows = await readPayoutProgress(db);
  const { payouts, transactions } = await countPayouts(db);
  const byCategory = new Map<string, CategoryPayouts>();
  const total = { wallets: 0, micro: 0, paid: { wallets: 0, micro: 0 } };
  let matched = 0;
  for (const row of rows) {
    let category = byCategory.get(row.category);
    if (!category) {
      category = { category: row.category, wallets: 0, micro: 0, paid: { wallets: 0, micro: 0 }, states: [] };
      byCategory.set(row.category, category);
    }
    category.states.push({ state: row.state, wallets: row.wallets, micro: row.micro });
    for (const figures of [category, total]) {
      figures.wallets += row.wallets;
      figures.micro += row.micro;
      if (owed.has(row.state)) continue;
      figures.paid.wallets += row.wallets;
      figures.paid.micro += row.micro;
    }
    if (row.state !== 'not_sent') matched += row.wallets;
  }
  const categories = [...byCategory.values()].sort((a, b) => compareCategories(a.category, b.category));
  for (const category of categories) category.states.sort((a, b) => payoutStates.indexOf(a.state) - payoutStates.indexOf(b.state));
  // Read apart from the progress: an import between the two reads could make this briefly negative.
  return { categories, total, offList: Math.max(0, payouts - matched), transactions };
}
