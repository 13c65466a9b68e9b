import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { allocationLeafText, hashLeaf, toHex } from '../../../shared/merkle.js';
import { nodeSha256 } from '../allocation/node-sha256.js';

/**
 * The Merkle encoding of shared/merkle.ts (docs/verify-allocation.md), written out in plain JavaScript so
 * it runs on a worker thread whatever loads the TypeScript (tsx, vitest, the compiled build): leaf =
 * sha256(0x00 || utf8 "wallet|category|micro"), leaves sorted bytewise, node = sha256(0x01 || min || max),
 * an odd last hash promoted. The import checks the worker's first leaf against shared/merkle.ts.
 */
const workerSource = `
const { parentPort } = require('node:worker_threads');
const { hash } = require('node:crypto');
const pages = [];
let count = 0;
function hashRows({ wallets, categories, micros }) {
  const out = Buffer.allocUnsafe(wallets.length * 32);
  for (let i = 0; i < wallets.length; i += 1) {
    hash('sha256', '\\u0000' + wallets[i] + '|' + categories[i] + '|' + micros[i], 'buffer').copy(out, i * 32);
  }
  pages.push(out);
  count += wallets.length;
  return out;
}
function sortLeaves(flat, n) {
  const prefixes = new Float64Array(n);
  for (let i = 0, at = 0; i < n; i += 1, at += 32) prefixes[i] = flat.readUIntBE(at, 6);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i += 1) order[i] = i;
  order.sort((a, b) => prefixes[a] - prefixes[b] || Buffer.compare(flat.subarray(a * 32, a * 32 + 32), flat.subarray(b * 32, b * 32 + 32)));
  const sorted = Buffer.allocUnsafe(n * 32);
  for (let to = 0; to < n; to += 1) flat.copy(sorted, to * 32, order[to] * 32, order[to] * 32 + 32);
  return sorted;
}
function root(flat, n) {
  if (n === 0) return null;
  let level = sortLeaves(flat, n);
  const pair = Buffer.allocUnsafe(65);
  pair[0] = 1;
  for (let size = n; size > 1; size = Math.ceil(size / 2)) {
    const next = Buffer.allocUnsafe(Math.ceil(size / 2) * 32);
    for (let i = 0; i + 1 < size; i += 2) {
      const a = level.subarray(i * 32, i * 32 + 32);
      const b = level.subarray(i * 32 + 32, i * 32 + 64);
      const aFirst = Buffer.compare(a, b) <= 0;
      (aFirst ? a : b).copy(pair, 1);
      (aFirst ? b : a).copy(pair, 33);
      hash('sha256', pair, 'buffer').copy(next, (i / 2) * 32);
    }
    if (size % 2 === 1) level.copy(next, next.length - 32, (size - 1) * 32, size * 32);
    level = next;
  }
  return level.toString('hex');
}
parentPort.on('message', (message) => {
  if (message.rows) {
    const out = hashRows(message.rows);
    if (message.first) parentPort.postMessage({ first: out.subarray(0, 32).toString('hex') });
    return;
  }
  hashRows(message.finish);
  const flat = Buffer.concat(pages, count * 32);
  parentPort.postMessage({ root: root(flat, count), leafCount: count });
});
`;

export interface LeafRows {
  wallets: string[];
  categories: string[];
  micros: number[];
}

export interface MerkleRoot {
  root: string | null;
  leafCount: number;
}

/**
 * The Merkle root of an import, computed on a second thread while the import goes on: each batch of
 * checked rows is hashed as soon as it is read, the tree is built while the rows are written. The
 * caller adds the rows of the other sources at the end, read inside its write transaction.
 */
export class BackgroundMerkle {
  readonly #worker = new Worker(workerSource, { eval: true });
  #firstChecked: Promise<void> | null = null;
  #failed: Error | null = null;

  constructor() {
    this.#worker.on('error', (error) => {
      this.#failed = error;
    });
  }

  add(rows: LeafRows): void {
    if (rows.wallets.length === 0) return;
    const first = this.#firstChecked === null;
    if (first) this.#firstChecked = this.#checkFirst(rows);
    this.#worker.postMessage({ rows, first });
  }

  /** The worker's first leaf must be shared/merkle.ts's: a drift in either encoding stops the import. */
  async #checkFirst(rows: LeafRows): Promise<void> {
    const [message] = (await once(this.#worker, 'message')) as [{ first: string }];
    const expected = toHex(await hashLeaf(nodeSha256, allocationLeafText(rows.wallets[0]!, rows.categories[0]!, rows.micros[0]!)));
    if (message.first !== expected) throw new Error('The background Merkle leaf encoding differs from shared/merkle.ts');
  }

  async finish(otherRows: LeafRows): Promise<MerkleRoot> {
    try {
      await this.#firstChecked;
      if (this.#failed) throw this.#failed;
      const answer = once(this.#worker, 'message');
      this.#worker.postMessage({ finish: otherRows });
      const [message] = (await answer) as [MerkleRoot];
      return { root: message.root, leafCount: message.leafCount };
    } finally {
      await this.cancel();
    }
  }

  async cancel(): Promise<void> {
    await this.#worker.terminate();
  }
}
