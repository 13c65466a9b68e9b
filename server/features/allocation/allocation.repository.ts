import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { preparedQuery } from '../../platform/db/prepared-query.js';
import type { Database } from '../../platform/db/schema.js';
import { anyPayoutRecorded, joinPayoutOf, type PayoutState, payoutState } from '../payouts/index.js';

/** A wallet's category: its records summed, the "as of" height of its snapshots, and its payout. */
export interface CategorySumRow {
  category: string;
  /** Micro-tokens (a string on PostgreSQL). */
  micro: number | string;
  records: number | string;
  block: number | string | null;
  payout_state: PayoutState;
  payout_txid: string | null;
  payout_block: number | string | null;
  /** Epoch ms of the last explorer answer. */
  payout_checked_at: number | string | null;
  /** 1/true when any payout is recorded at all. */
  payouts_recorded: number | boolean;
}

const wallet = sql.ref<string>('records.wallet_address');
const category = sql.ref<string>('records.category');

/**
 * Records summed per category, each with the "as of" height of the snapshot its source came from (a key
 * probe of the few snapshot rows) and the pair's payout (payouts' `joinPayoutOf`: a probe of its unique
 * (wallet, category) index, so `max` reads the one payout every record of the pair is joined to).
 */
function categorySums<Row>(db: Kysely<Database>, perWallet: boolean, where: RawBuilder<unknown>) {
  const walletColumn = perWallet ? sql`records.wallet_address as wallet_address, ` : sql``;
  const query = sql<Row>`select ${walletColumn}records.category as category,
      sum(records.tokens_micro) as micro, count(*) as records, max(snapshots.as_of_block) as block,
      max(${payoutState}) as payout_state, max(payout.txid) as payout_txid,
      max(payout_tx.block_height) as payout_block, max(payout_tx.checked_at) as payout_checked_at,
      ${anyPayoutRecorded} as payouts_recorded
    from allocation_records records
    left join allocation_snapshots snapshots on snapshots.source = records.source
    ${joinPayoutOf(wallet, category)}
    where ${where}
    group by ${perWallet ? sql`records.wallet_address, ` : sql``}records.category`;
  return { compile: () => query.compile(db) };
}

/**
 * One range of the covering index on (wallet_address, category, tokens_micro, source): the wallet's
 * records summed per category with their payouts. One statement answers a lookup: one read of the database.
 */
export const walletCategoriesQuery = preparedQuery((db: Kysely<Database>, walletAddress: string) =>
  categorySums<CategorySumRow>(db, false, sql`records.wallet_address = ${walletAddress}`),
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
  categorySums<CategorySumRow & { wallet_address: string }>(
    db,
    true,
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql`records.wallet_address = any(array(select jsonb_array_elements_text(cast(${walletsJson} as jsonb))))`
      : sql`records.wallet_address in (select value from json_each(${walletsJson}))`,
  ),
);

const loneSurrogate = /\p{Surrogate}/u;

export async function findManyWalletsCategories(db: Kysely<Database>, walletAddresses: readonly string[]) {
  // Text with a lone surrogate is no stored wallet (files and databases hold UTF-8), and PostgreSQL's
  // JSON refuses the escape JSON.stringify writes for it.
  return manyWalletsCategoriesQuery.execute(db, JSON.stringify(walletAddresses.filter((walletAddress) => !loneSurrogate.test(walletAddress))));
}
