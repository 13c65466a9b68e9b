/**
 * The allocation import's second thread (started by allocation-worker-client.ts): it checks the wallet
 * checksums of each batch of rows and hashes them into Merkle leaves while the main thread reads the
 * next one, and builds the tree while the main thread writes the rows.
 */
import { hash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { allocationLeafText, buildMerkleTree, hashLength, leafMessage, sortHashes, toHex, treeRoot } from '../../../shared/merkle.js';
import { nodeSha256 } from '../allocation/node-sha256.js';
import type { LeafRows, RowBatch, WorkerOptions, WorkerReply, WorkerRequest } from './allocation-worker-client.js';
import { walletChecker } from './wallet-check.js';

const port = parentPort!;
const options = workerData as WorkerOptions;
const checkWallet = walletChecker({ checksum: true });
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
    // node:crypto hashes the string's UTF-8 directly: no encoded copy per leaf.
    page.set(hash('sha256', leafMessage(allocationLeafText(wallets[i]!, categories[i]!, micros[i]!)), 'buffer'), i * hashLength);
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
      reply({ kind: 'checked', walletProblems: problems });
      return;
    case 'finish': {
      hashRows(request.otherSources);
      const tree = await buildMerkleTree(sortHashes(joinPages()), nodeSha256);
      const root = treeRoot(tree);
      reply({ kind: 'root', root: root ? toHex(root) : null, leafCount });
    }
  }
}

function add(batch: RowBatch): void {
  if (options.checksum) {
    checkWallets(batch.lines, batch.wallets);
    checkWallets(batch.unsure.lines, batch.unsure.wallets);
  }
  if (options.merkle) hashRows(batch);
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
