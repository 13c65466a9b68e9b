import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';

/**
 * One range of the covering index on (wallet_address, category, tokens_micro, source): the wallet's
 * records summed per category, each with the "as of" height of the snapshot its source came from (a
 * key probe of the few snapshot rows). One statement answers a lookup: one read of the database.
 */
export const walletCategoriesQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  db
    .selectFrom('allocation_records as records')
    .leftJoin('allocation_snapshots as snapshots', 'snapshots.source', 'records.source')
    .select((eb) => [
      'records.category',
      eb.fn.sum<number>('records.tokens_micro').as('micro'),
      eb.fn.countAll<number>().as('records'),
      eb.fn.max('snapshots.as_of_block').as('block'),
    ])
    .where('records.wallet_address', '=', walletAddress)
    .groupBy('records.category'),
);

export async function findWalletCategories(db: Kysely<Database>, walletAddress: string) {
  return walletCategoriesQuery.execute(db, walletAddress);
}
