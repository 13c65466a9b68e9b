import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One index probe on (wallet_address, category): the wallet's records summed per category. */
export async function findWalletCategories(db: Kysely<Database>, walletAddress: string) {
  return db
    .selectFrom('allocation_records')
    .select((eb) => [
      'category',
      eb.fn.sum<number>('tokens_micro').as('micro'),
      eb.fn.countAll<number>().as('records'),
    ])
    .where('wallet_address', '=', walletAddress)
    .groupBy('category')
    .execute();
}
