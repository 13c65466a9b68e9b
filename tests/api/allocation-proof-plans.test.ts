import { describe, expect, it } from 'vitest';
import { idRangeQuery, walletLeafRowsQuery } from '../../server/features/allocation/allocation-leaves.repository.js';
import { bucketQuery, bucketsQuery, storedTreeSummaryQuery } from '../../server/features/allocation/allocation-tree.repository.js';
import { useSharedDatabase } from '../helpers/build-app.js';
import { explainQuery } from '../helpers/query-plan.js';
import { postgresUrl } from '../helpers/test-database.js';

const database = useSharedDatabase();

const plan = (query: Parameters<typeof explainQuery>[2]) => explainQuery(database.db, Boolean(database.config.databaseUrl), query);
const postgres = () => Boolean(database.config.databaseUrl);

describe("a proof's queries probe indexes and keys, never scan a table", () => {
  it("reads the wallet's records from one range of the covering index, and their snapshots by key", async () => {
    const text = await plan(walletLeafRowsQuery.compile(database.db, 'bc1qexample'));
    if (postgres()) {
      expect(text).toMatch(/allocation_records_wallet_cover_idx/);
      expect(text).toMatch(/allocation_snapshots_pkey/);
    } else {
      expect(text).toMatch(/SEARCH records USING COVERING INDEX allocation_records_wallet_cover_idx \(wallet_address=\?\)/);
      expect(text).toMatch(/SEARCH snapshots USING INDEX sqlite_autoindex_allocation_snapshots_1 \(source=\?\)/);
    }
    expect(text).not.toMatch(/SCAN (records|snapshots)\b|Seq Scan|TEMP B-TREE|Sort\b/);
  });

  it("reads a leaf's bucket by its key", async () => {
    const text = await plan(bucketQuery.compile(database.db, 3));
    expect(text).toMatch(postgres() ? /Index Scan (using|on) allocation_tree_buckets_pkey/ : /SEARCH allocation_tree_buckets USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(text).not.toMatch(/SCAN allocation_tree_buckets\b|Seq Scan/);
  });

  it.runIf(postgresUrl)("reads all of a proof's buckets by their keys in one probe (PostgreSQL)", async () => {
    const text = await plan(bucketsQuery.compile(database.db, [3, 70, 4000]));
    expect(text).toMatch(/Index Scan (using|on) allocation_tree_buckets_pkey/);
    expect(text).not.toMatch(/Seq Scan/);
  });

  it("reads the table version from the ends of the records' key and the stored root by its key", async () => {
    const range = await plan(idRangeQuery.compile(database.db));
    expect(range).not.toMatch(/SCAN allocation_records\b|Seq Scan/);
    expect(range).toMatch(postgres() ? /Index Only Scan (Backward )?using allocation_records_pkey/ : /SEARCH allocation_records/);
    const summary = await plan(storedTreeSummaryQuery.compile(database.db, '[1,2,[]]'));
    expect(summary).toMatch(postgres() ? /Index Scan (using|on) allocation_tree_pkey/ : /SEARCH allocation_tree USING INTEGER PRIMARY KEY \(rowid=\?\)/);
  });
});
