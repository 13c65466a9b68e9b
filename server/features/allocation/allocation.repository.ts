import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

/** One index probe on (wallet_address, category): the wallet's records summed per category. */
export const walletCategoriesQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  db
    .selectFrom('allocation_records')
    .select((eb) => [
      'category',
      eb.fn.sum<number>('tokens_micro').as('micro'),
      eb.fn.countAll<number>().as('records'),
    ])
    .where('wallet_address', '=', walletAddress)
    .groupBy('category'),
);

export async function findWalletCategories(db: Kysely<Database>, walletAddress: string) {
  return walletCategoriesQuery.execute(db, walletAddress);
}
