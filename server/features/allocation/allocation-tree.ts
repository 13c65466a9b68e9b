import type { Kysely } from 'kysely';
import {
  allocationLeafText,
  buildMerkleTree,
  hashLeaves,
  leafCount,
  type MerkleTree,
  type Sha256,
  sortHashes,
  toHex,
  treeRoot,
} from '@shared/merkle';
import type { Database } from '../../platform/db/schema.js';
import { findIdRange, readLeafRows } from './allocation-leaves.repository.js';
import { type AllocationSnapshot, listAllocationSnapshots } from './allocation-snapshots.repository.js';
import { nodeSha256 } from '../../platform/lib/node-sha256.js';

const pageSize = 10_000;
const attempts = 3;

export interface AllocationTreeState {
  tree: MerkleTree;
  /** The latest "as of" height among the sources present in the tree; null when none is known. */
  asOfBlock: number | null;
  /** What the tree was built from (see readTableVersion); a different version means rebuild. */
  version: string;
}

/**
 * Cheap to read on every request: the id range and the snapshot rows. An import changes both (new ids,
 * a new snapshot time), the demo loader and test seeds add ids, and `demo:remove` drops the lowest ids.
 */
export async function readTableVersion(db: Kysely<Database>): Promise<{ version: string; snapshots: AllocationSnapshot[] }> {
  const ids = await findIdRange(db);
  const snapshots = await listAllocationSnapshots(db);
  return { version: JSON.stringify([ids.minId, ids.maxId, snapshots]), snapshots };
}

async function hashAllRecords(db: Kysely<Database>, hash: Sha256): Promise<{ leaves: Uint8Array; sources: Set<string> }> {
  const pages: Uint8Array[] = [];
  const sources = new Set<string>();
  let afterId = 0;
  for (;;) {
    const rows = await readLeafRows(db, afterId, pageSize);
    if (rows.length === 0) break;
    for (const row of rows) sources.add(row.source);
    pages.push(await hashLeaves(hash, rows.map((row) => allocationLeafText(row.wallet_address, row.category, BigInt(row.tokens_micro)))));
    afterId = Number(rows[rows.length - 1]!.id);
    // better-sqlite3 answers synchronously: without this, a million rows would hold every other request.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const leaves = new Uint8Array(pages.reduce((sum, page) => sum + page.length, 0));
  let offset = 0;
  for (const page of pages) {
    leaves.set(page, offset);
    offset += page.length;
  }
  return { leaves, sources };
}

function latestAsOfBlock(snapshots: readonly AllocationSnapshot[], sources: ReadonlySet<string>): number | null {
  const heights = snapshots.filter((snapshot) => sources.has(snapshot.source)).map((snapshot) => snapshot.asOfBlock);
  const known = heights.filter((height): height is number => height !== null);
  return known.length ? Math.max(...known) : null;
}

let builds = 0;

/** How many times this process built the tree from every record: a stored tree spares a server that work. */
export function allocationTreeBuilds(): number {
  return builds;
}

/**
 * The tree over every allocation record, streamed in primary-key pages without holding a transaction
 * (on SQLite that would hold the one connection for seconds). Instead the table version is read before
 * and after: if an import landed in between, the tree is built again.
 */
export async function buildAllocationTree(db: Kysely<Database>, hash: Sha256 = nodeSha256): Promise<AllocationTreeState> {
  builds += 1;
  for (let attempt = 1; ; attempt += 1) {
    const before = await readTableVersion(db);
    const { leaves, sources } = await hashAllRecords(db, hash);
    const after = await readTableVersion(db);
    if (after.version === before.version) {
      const tree = await buildMerkleTree(sortHashes(leaves), hash);
      return { tree, asOfBlock: latestAsOfBlock(before.snapshots, sources), version: before.version };
    }
    if (attempt === attempts) throw new Error('The allocation records kept changing while their Merkle tree was built');
  }
}

/** The root as the CLIs print it. */
export async function computeAllocationRoot(db: Kysely<Database>, hash: Sha256 = nodeSha256) {
  const { tree, asOfBlock } = await buildAllocationTree(db, hash);
  const root = treeRoot(tree);
  return { root: root ? toHex(root) : null, leafCount: leafCount(tree), asOfBlock };
}
