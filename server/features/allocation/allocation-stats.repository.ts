import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/**
 * A sum of micro-tokens as decimal text: exact on both dialects (an integer sum in SQLite, a numeric in
 * PostgreSQL), where a number would stop being exact past 2^53 micro-tokens (9 billion tokens).
 */
const exactSum = sql<string>`cast(sum(tokens_micro) as text)`;

/**
 * The next `limit` wallets after `afterWallet` in the covering wallet index's order, each with its total:
 * one range of that index, grouped in its order (no sort), stopping after `limit` wallets. Keyset pages,
 * so a million records are read a few thousand wallets at a time.
 */
export const walletTotalsPageQuery = preparedQuery((db: Kysely<Database>, afterWallet: string, limit: number) =>
  db
    .selectFrom('allocation_records')
    .select(['wallet_address', exactSum.as('micro')])
    .where('wallet_address', '>', afterWallet)
    .groupBy('wallet_address')
    .orderBy('wallet_address')
    .limit(limit),
);

/**
 * The records of the wallets in (afterWallet, lastWallet], summed per category with their distinct
 * wallets: the same range of the covering wallet index as one page of wallets. Pages hold disjoint
 * wallets, so their counts add up across pages.
 */
export const categoryTotalsQuery = preparedQuery((db: Kysely<Database>, afterWallet: string, lastWallet: string) =>
  db
    .selectFrom('allocation_records')
    .select((eb) => [
      'category',
      exactSum.as('micro'),
      eb.fn.countAll<number>().as('records'),
      eb.fn.count<number>('wallet_address').distinct().as('wallets'),
    ])
    .where('wallet_address', '>', afterWallet)
    .where('wallet_address', '<=', lastWallet)
    .groupBy('category'),
);

export async function readWalletTotals(db: Kysely<Database>, afterWallet: string, limit: number) {
  return walletTotalsPageQuery.execute(db, afterWallet, limit);
}

export async function readCategoryTotals(db: Kysely<Database>, afterWallet: string, lastWallet: string) {
  return categoryTotalsQuery.execute(db, afterWallet, lastWallet);
}
