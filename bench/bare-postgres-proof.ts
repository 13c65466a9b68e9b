/**
 * The bare PostgreSQL route's proof: the stored tree's small part read once at start (the product reads
 * it once per table version), then per request the product's statements: the wallet's records, and the
 * buckets its proof passes through, all in one probe of the key. The proof itself is the
 * product's own computation (proveLeaves): the ratio measures the app around the same work.
 */
import type pg from 'pg';
import { allocationLeafText, hashLeaf } from '@shared/merkle';
import { fromMicro } from '@shared/token-amount';
import { type HeldTree, type LeafToProve, proveLeaves, type ReadBuckets } from '../server/features/allocation/index.js';
import { splitUpperLevels } from '../server/platform/lib/merkle-buckets.js';
import { nodeSha256 } from '../server/platform/lib/node-sha256.js';
import { namedQuery } from './bare-postgres-pool.js';

interface LeafRow {
  category: string;
  tokens_micro: number;
  as_of_block: number | null;
}

const walletLeafRows = `select "records"."category", "records"."tokens_micro", "snapshots"."as_of_block"
  from "allocation_records" as "records"
  left join "allocation_snapshots" as "snapshots" on "snapshots"."source" = "records"."source"
  where "records"."wallet_address" = $1`;
const bucketLeaves = 'select "bucket", "leaves" from "allocation_tree_buckets" where "bucket" = any($1::integer[])';

export async function loadHeldTree(pool: pg.Pool): Promise<HeldTree> {
  const { rows } = await pool.query<{ leaf_count: number; root: string | null; as_of_block: number | null; bucket_firsts: Buffer; upper_levels: Buffer }>(
    'select leaf_count, root, as_of_block, bucket_firsts, upper_levels from allocation_tree where id = 1',
  );
  const row = rows[0];
  if (!row) throw new Error('no stored Merkle tree: the import stores one');
  const leafCount = Number(row.leaf_count);
  return {
    version: 'bench',
    leafCount,
    root: row.root,
    asOfBlock: row.as_of_block,
    bucketFirsts: new Uint8Array(row.bucket_firsts),
    upperLevels: splitUpperLevels(new Uint8Array(row.upper_levels), leafCount),
  };
}

/** The wallet's proof as the product answers it, or null when the wallet holds no records. */
export async function answerProof(tree: HeldTree, walletAddress: string) {
  const { rows } = await namedQuery<LeafRow>(walletLeafRows, [walletAddress]);
  if (rows.length === 0) return null;
  const ordered = [...rows].sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : a.tokens_micro - b.tokens_micro));
  const seen = new Map<string, number>();
  const leaves = await Promise.all(
    ordered.map(async (row): Promise<LeafToProve & { row: LeafRow; micro: bigint; text: string }> => {
      const micro = BigInt(row.tokens_micro);
      const text = allocationLeafText(walletAddress, row.category, micro);
      const occurrence = seen.get(text) ?? 0;
      seen.set(text, occurrence + 1);
      return { row, micro, text, occurrence, hash: await hashLeaf(nodeSha256, text) };
    }),
  );
  const readBuckets: ReadBuckets = async (buckets) => {
    const { rows } = await namedQuery<{ bucket: number; leaves: Buffer }>(bucketLeaves, [buckets]);
    return new Map(rows.map((row) => [row.bucket, row.leaves]));
  };
  const proofs = await proveLeaves(tree, leaves, readBuckets, nodeSha256);
  let asOfBlock: number | null = null;
  for (const row of rows) if (row.as_of_block !== null) asOfBlock = Math.max(asOfBlock ?? 0, row.as_of_block);
  return {
    walletAddress,
    leaves: leaves.map((leaf, i) => ({
      category: leaf.row.category,
      micro: leaf.micro.toString(),
      tokens: fromMicro(leaf.micro),
      leaf: leaf.text,
      proof: proofs[i]!,
    })),
    root: tree.root,
    leafCount: tree.leafCount,
    asOfBlock,
  };
}
