import type { CompiledQuery, Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { preparedQuery } from '../../server/platform/db/prepared-query.js';
import type { Database } from '../../server/platform/db/schema.js';
import { manyWalletsCategoriesQuery, walletCategoriesQuery } from '../../server/features/allocation/allocation.repository.js';
import { categoryTotalsQuery, walletTotalsPageQuery } from '../../server/features/allocation/allocation-stats.repository.js';
import { rankedAboveQuery, rankedPageQuery } from '../../server/features/users/points-ranking.repository.js';
import { pointsAllocationQuery, pointsPageQuery } from '../../server/features/point-allocations/point-allocations.repository.js';
import { useSharedDatabase } from '../helpers/build-app.js';
import { explainQuery } from '../helpers/query-plan.js';

const database = useSharedDatabase();

/** The plan of a repository's own compiled query: a change to the repository's query is a change to what is explained here. */
const plan = (query: CompiledQuery) => explainQuery(database.db, database.config.databaseUrl !== null, query);

describe("launch-day queries use their indexes (the repositories' compiled queries)", () => {
  // SQLite says COVERING INDEX when a query never reads the table; PostgreSQL's plan for an empty
  // table cannot show an index-only scan, so there the index is what is checked.
  const coveringIndex = /allocation_records_wallet_cover_idx/;

  /** Ranges of the covering wallet index, the snapshots' key and each pair's payout by its keys, never the table's rows. */
  function expectWalletIndexRanges(text: string) {
    if (database.config.databaseUrl) {
      expect(text).toMatch(coveringIndex);
      expect(text).toMatch(/allocation_snapshots_pkey/);
      expect(text).toMatch(/payouts_wallet_category_idx/);
      expect(text).toMatch(/payout_transactions_pkey/);
    } else {
      expect(text).toMatch(/SEARCH records USING COVERING INDEX allocation_records_wallet_cover_idx \(wallet_address=\?\)/);
      expect(text).toMatch(/SEARCH snapshots USING INDEX sqlite_autoindex_allocation_snapshots_1 \(source=\?\)/);
      expect(text).toMatch(/SEARCH payout USING INDEX payouts_wallet_category_idx \(wallet_address=\? AND category=\?\)/);
      expect(text).toMatch(/SEARCH payout_tx USING INDEX sqlite_autoindex_payout_transactions_1 \(txid=\?\)/);
    }
    expect(text).not.toMatch(/SCAN (records|snapshots|payout|payout_tx)\b|Seq Scan|TEMP B-TREE/);
  }

  it("allocation lookup reads one range of the wallet index and the snapshots' key, never the table's rows", async () => {
    expectWalletIndexRanges(await plan(walletCategoriesQuery.compile(database.db, 'bc1qexample')));
  });

  it("many wallets' allocations (lookup-many, the disputes queue) read one range of the wallet index per wallet, all in one statement", async () => {
    expectWalletIndexRanges(await plan(manyWalletsCategoriesQuery.compile(database.db, JSON.stringify(['bc1qexample', '1ExampleBase58']))));
  });

  it("the list's statistics read a page of wallets as one range of the covering wallet index, grouped in its order", async () => {
    const text = await plan(walletTotalsPageQuery.compile(database.db, 'bc1qexample', 2_000));
    if (database.config.databaseUrl) expect(text).toMatch(coveringIndex);
    else expect(text).toBe('SEARCH allocation_records USING COVERING INDEX allocation_records_wallet_cover_idx (wallet_address>?)');
    expect(text).not.toMatch(/SCAN allocation_records\b|Seq Scan|TEMP B-TREE/);
  });

  it("the list's statistics sum a page's categories from the same range of the covering wallet index", async () => {
    const text = await plan(categoryTotalsQuery.compile(database.db, 'bc1qexample', 'bc1qexample2'));
    if (database.config.databaseUrl) expect(text).toMatch(coveringIndex);
    // Grouping by category sorts the page's few thousand records, never the table's.
    else expect(text).toMatch(/^SEARCH allocation_records USING COVERING INDEX allocation_records_wallet_cover_idx \(wallet_address>\? AND wallet_address<\?\)/);
    expect(text).not.toMatch(/SCAN allocation_records\b|Seq Scan/);
  });

  it('my allocation probes the unique wallet index', async () => {
    const text = await plan(pointsAllocationQuery.compile(database.db, 'bc1qexample'));
    expect(text).toMatch(/SEARCH points_allocations USING INDEX sqlite_autoindex|Index Scan using points_allocations_wallet_address/);
  });

  it('the top holders page reads the ranking index in order', async () => {
    const text = await plan(pointsPageQuery.compile(database.db, 20, 0));
    expect(text).toMatch(/points_allocations_rank_idx/);
    expect(text).not.toMatch(/TEMP B-TREE|Sort\b/);
  });

  it("the miners' leaderboard page reads the leaderboard index in order", async () => {
    const text = await plan(rankedPageQuery.compile(database.db, 20, 0));
    expect(text).toMatch(/users_leaderboard_idx/);
    expect(text).not.toMatch(/SCAN users\b|Seq Scan on users/);
  });

  it("a miner's rank counts along the leaderboard index", async () => {
    const text = await plan(rankedAboveQuery.compile(database.db, 100));
    expect(text).toMatch(/users_leaderboard_idx/);
  });
});

describe('a query compiled once', () => {
  it('runs the same SQL with each call\'s values', async () => {
    const { db } = database;
    await db
      .insertInto('allocation_records')
      .values([
        { wallet_address: 'bc1qa', category: 'Holder Airdrop', tokens_micro: 1_000_000, source: 'plan-test' },
        { wallet_address: 'bc1qb', category: 'Holder Airdrop', tokens_micro: 2_000_000, source: 'plan-test' },
      ])
      .execute();
    expect(walletCategoriesQuery.compile(db, 'bc1qa').sql).toBe(walletCategoriesQuery.compile(db, 'bc1qb').sql);
    expect((await walletCategoriesQuery.execute(db, 'bc1qa')).map((row) => Number(row.micro))).toEqual([1_000_000]);
    expect((await walletCategoriesQuery.execute(db, 'bc1qb')).map((row) => Number(row.micro))).toEqual([2_000_000]);
  });

  it('refuses a builder that does not pass an argument through as a value', () => {
    const trimmed = preparedQuery((db: Kysely<Database>, wallet: string) =>
      db.selectFrom('users').select('id').where('wallet_address', '=', String(wallet).trim()),
    );
    expect(() => trimmed.compile(database.db, ' bc1q ')).toThrow(/plain value/);
  });
});
