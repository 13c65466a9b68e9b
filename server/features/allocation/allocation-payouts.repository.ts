import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { joinPayoutOf, payoutOwed, type PayoutState, payoutState } from '../payouts/index.js';

/**
 * The live list beside what was paid: each (wallet, category) of allocation_records joined, in the same
 * statement, to its payout (payouts' `joinPayoutOf`).
 */

const wallet = sql.ref<string>('records.wallet_address');
const category = sql.ref<string>('records.category');

export interface PayoutProgressRow {
  category: string;
  state: PayoutState;
  wallets: number;
  /** Micro-tokens. */
  micro: number;
}

/** Per category and payout state, the list's wallets and their tokens: one grouped pass over the list. */
export async function readPayoutProgress(db: Kysely<Database>): Promise<PayoutProgressRow[]> {
  const { rows } = await sql<{ category: string; state: PayoutState; wallets: unknown; micro: unknown }>`
    select records.category as category, ${payoutState} as state,
      count(distinct records.wallet_address) as wallets, sum(records.tokens_micro) as micro
    from allocation_records records ${joinPayoutOf(wallet, category)}
    group by 1, 2`.execute(db);
  return rows.map((row) => ({ category: row.category, state: row.state, wallets: Number(row.wallets), micro: Number(row.micro) }));
}

export interface OwedPair {
  wallet: string;
  category: string;
  /** Micro-tokens. */
  micro: number;
}

const pageSize = 50_000;

/**
 * The list's (wallet, category) pairs whose tokens are still owed (payouts' `payoutOwed`), in pages
 * ordered by wallet and category: each page one range of the covering wallet index after the last pair
 * of the page before, so a million-row list never sits in one result.
 */
export async function* readOwedPairs(db: Kysely<Database>): AsyncGenerator<OwedPair[]> {
  let after: OwedPair | null = null;
  for (;;) {
    const from = after ? sql`and (records.wallet_address, records.category) > (${after.wallet}, ${after.category})` : sql``;
    const { rows } = await sql<{ wallet: string; category: string; micro: unknown }>`
      select records.wallet_address as wallet, records.category as category, sum(records.tokens_micro) as micro
      from allocation_records records ${joinPayoutOf(wallet, category)}
      where ${payoutOwed} ${from}
      group by records.wallet_address, records.category
      order by records.wallet_address, records.category
      limit ${pageSize}`.execute(db);
    const page: OwedPair[] = rows.map((row) => ({ wallet: row.wallet, category: row.category, micro: Number(row.micro) }));
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!;
  }
}
