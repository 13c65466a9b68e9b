import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';

/** Records summed per category, each with the "as of" height of the snapshot its source came from. */
const categorySums = (db: Kysely<Database>) =>
  db
    .selectFrom('allocation_records as records')
    .leftJoin('allocation_snapshots as snapshots', 'snapshots.source', 'records.source')
    .select((eb) => [
      'records.category',
      eb.fn.sum<number>('records.tokens_micro').as('micro'),
      eb.fn.countAll<number>().as('records'),
      eb.fn.max('snapshots.as_of_block').as('block'),
    ]);

/**
 * One range of the covering index on (wallet_address, category, tokens_micro, source): the wallet's
 * records summed per category, each with the "as of" height of the snapshot its source came from (a
 * key probe of the few snapshot rows). One statement answers a lookup: one read of the database.
 */
export const walletCategoriesQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  categorySums(db).where('records.wallet_address', '=', walletAddress).groupBy('records.category'),
);

export async function findWalletCategories(db: Kysely<Database>, walletAddress: string) {
  return walletCategoriesQuery.execute(db, walletAddress);
}

/**
 * The same sums for many wallets in one statement, each row naming its wallet. The wallets travel as
 * one JSON array, a single parameter: the SQL is the same for any number of them and no limit on bound
 * parameters caps it. Each wallet is one range of the covering index (on PostgreSQL through `= any` of
 * an array: `in` a set-returning subquery may be planned as a hash join over the whole table).
 */
export const manyWalletsCategoriesQuery = preparedQuery((db: Kysely<Database>, walletsJson: string) =>
  categorySums(db)
    .select('records.wallet_address')
    .where((eb) =>
      db.getExecutor().adapter instanceof PostgresAdapter
        ? eb('records.wallet_address', '=', sql<string>`any(array(select jsonb_array_elements_text(cast(${walletsJson} as jsonb))))`)
        : eb('records.wallet_address', 'in', sql<string>`(select value from json_each(${walletsJson}))`),
    )
    .groupBy(['records.wallet_address', 'records.category']),
);

const loneSurrogate = /\p{Surrogate}/u;

export async function findManyWalletsCategories(db: Kysely<Database>, walletAddresses: readonly string[]) {
  // Text with a lone surrogate is no stored wallet (files and databases hold UTF-8), and PostgreSQL's
  // JSON refuses the escape JSON.stringify writes for it.
  return manyWalletsCategoriesQuery.execute(db, JSON.stringify(walletAddresses.filter((walletAddress) => !loneSurrogate.test(walletAddress))));
}
