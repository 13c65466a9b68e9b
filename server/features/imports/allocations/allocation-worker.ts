/**
 * The allocation import's second thread (started by allocation-worker-client.ts): it checks the wallet
 * checksums of each batch of rows and hashes them into Merkle leaves while the main thread reads the
 * next one, and builds the tree while the main thread writes the rows.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { allocationLeafText, buildMerkleTree, hashLength, leafMessage, sortHashes, toHex, treeRoot } from '@shared/merkle';
import { upperLevels } from '../../../platform/lib/merkle-buckets.js';
import { createWasmSha256 } from '../../../platform/lib/wasm-sha256.js';
import type { LeafRows } from '../../allocation/index.js';
import type { RowBatch, WorkerOptions, WorkerReply, WorkerRequest } from './allocation-worker-client.js';
import { walletChecker } from '../shared/wallet-check.js';

const port = parentPort!;
const options = workerData as WorkerOptions;
const sha256 = await createWasmSha256();
const checkWallet = walletChecker({ checksum: true, sha256 });
const problems: [line: number, problem: string][] = [];
const pages: Uint8Array[] = [];
let leafCount = 0;

function checkWallets(lines: readonly number[], wallets: readonly string[]): void {
  for (let i = 0; i < wallets.length; i += 1) {
    const checked = checkWallet(wallets[i]!);
    if (!checked.ok) problems.push([lines[i]!, checked.problem]);
  }
}

function hashRows({ wallets, categories, micros }: LeafRows): void {
  const page = new Uint8Array(wallets.length * hashLength);
  for (let i = 0; i < wallets.length; i += 1) {
    page.set(sha256(leafMessage(allocationLeafText(wallets[i]!, categories[i]!, micros[i]!))), i * hashLength);
  }
  pages.push(page);
  leafCount += wallets.length;
}

function joinPages(): Uint8Array {
  const flat = new Uint8Array(leafCount * hashLength);
  let offset = 0;
  for (const page of pages) {
    flat.set(page, offset);
    offset += page.length;
  }
  return flat;
}

function reply(message: WorkerReply): void {
  port.postMessage(message);
}

async function handle(request: WorkerRequest): Promise<void> {
  switch (request.kind) {
    case 'rows':
      add(request.batch);
      return;
    case 'checkpoint':
      reply({ kind: 'checked', walletProblems: problems, leafCount });
      return;
    case 'finish': {
      hashRows(request.otherSources);
      const tree = await buildMerkleTree(sortHashes(joinPages()), sha256);
      const root = treeRoot(tree);
      // What is stored: the leaves and the levels from the bucket roots up, handed over rather than copied.
      const leaves = tree.levels[0]!;
      const upper = upperLevels(tree);
      const transfer = new Set([leaves.buffer, ...upper.map((level) => level.buffer)]);
      port.postMessage({ kind: 'root', root: root ? toHex(root) : null, leafCount, leaves, upperLevels: upper } satisfies WorkerReply, [...transfer] as ArrayBuffer[]);
    }
  }
}

function add({ lines, leaves, leafEnds, walletLengths, unsure }: RowBatch): void {
  const page = options.merkle ? new Uint8Array(lines.length * hashLength) : null;
  const text = Buffer.from(leaves.buffer, leaves.byteOffset, leaves.length);
  for (let k = 0, start = 0; k < lines.length; start = leafEnds[k]!, k += 1) {
    if (options.checksum) {
      // The message is 0x00, the wallet, '|', the category, '|' and the amount's digits.
      const checked = checkWallet(text.toString('utf8', start + 1, start + 1 + walletLengths[k]!));
      if (!checked.ok) problems.push([lines[k]!, checked.problem]);
    }
    page?.set(sha256(leaves.subarray(start, leafEnds[k])), k * hashLength);
  }
  if (options.checksum) checkWallets(unsure.lines, unsure.wallets);
  if (page) {
    pages.push(page);
    leafCount += lines.length;
  }
}

// Thrown outside the promise chain, an error ends the worker and reaches the main thread as its 'error' event.
function fail(error: unknown): void {
  setImmediate(() => {
    throw error;
  });
}

// One request at a time, in order: a later one never overtakes an earlier one still being handled.
let queue = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(() => handle(request)).catch(fail);
});
