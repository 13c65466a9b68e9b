import type { Worker } from 'node:worker_threads';
import { LeafMessageBytes } from '@shared/merkle';
import { startModuleWorker } from '../../../platform/lib/module-worker.js';
import type { ImportedTree, LeafRows } from '../../allocation/index.js';
import type { AllocationRows } from './allocation-rows.js';

/**
 * Checked rows of one read batch, and the wallets of the batch's rows refused for another reason. The
 * rows travel as the bytes of their leaf messages back to back and three typed arrays, all handed over
 * rather than cloned: many times cheaper than a batch's strings and numbers, or one long string.
 */
export interface RowBatch {
  lines: Int32Array<ArrayBuffer>;
  /** The UTF-8 of leafMessage(allocationLeafText(wallet, category, micro)) of each row, back to back. */
  leaves: Uint8Array<ArrayBuffer>;
  /** Where each row's message ends in `leaves`. */
  leafEnds: Int32Array<ArrayBuffer>;
  /** The UTF-8 length of each row's wallet, which starts one byte after its message does. */
  walletLengths: Int32Array<ArrayBuffer>;
  unsure: { lines: number[]; wallets: string[] };
}

// About one message's length: a bc1p wallet, a category and an amount.
const bytesPerLeaf = 96;

/** rows[from…] as a RowBatch. */
export function rowBatch(rows: AllocationRows, from: number, unsure: RowBatch['unsure']): RowBatch {
  const count = rows.length - from;
  const lines = rows.lines.slice(from, rows.length);
  const leafEnds = new Int32Array(count);
  const walletLengths = new Int32Array(count);
  const leaves = new LeafMessageBytes(rows.categoryNames, count * bytesPerLeaf);
  const { wallets, categoryIds, micros } = rows;
  for (let k = 0; k < count; k += 1) {
    walletLengths[k] = leaves.append(wallets[from + k]!, categoryIds[from + k]!, micros[from + k]!);
    leafEnds[k] = leaves.length;
  }
  return { lines, leaves: leaves.bytes.subarray(0, leaves.length), leafEnds, walletLengths, unsure };
}

export interface WorkerOptions {
  /** Check each wallet's checksum (off with --allow-unchecked-addresses). */
  checksum: boolean;
  /** Hash the rows and build the Merkle tree (off in a dry run). */
  merkle: boolean;
}

export type WorkerRequest =
  | { kind: 'rows'; batch: RowBatch }
  | { kind: 'checkpoint' }
  | { kind: 'finish'; otherSources: LeafRows };

export type WorkerReply =
  | { kind: 'checked'; walletProblems: [line: number, problem: string][]; leafCount: number }
  | { kind: 'root'; root: string | null; leafCount: number; leaves: Uint8Array; upperLevels: Uint8Array[] };

/**
 * The import's second thread (allocation-worker.ts): wallet checksums and Merkle leaves while the file
 * is read, the Merkle root of the table while it is written. The main thread hands over each batch as it is read.
 */
export class AllocationWorker {
  readonly #worker: Worker;
  // The worker answers its requests in order: each reply settles the oldest open question.
  readonly #waiting: { kind: WorkerReply['kind']; settle: (reply: WorkerReply | Error) => void }[] = [];

  constructor(options: WorkerOptions) {
    this.#worker = startModuleWorker(import.meta.url, 'allocation-worker', { workerData: options });
    this.#worker.on('message', (reply: WorkerReply) => this.#waiting.shift()?.settle(reply));
    this.#worker.on('error', (error) => {
      for (const question of this.#waiting.splice(0)) question.settle(error);
    });
  }

  add(batch: RowBatch): void {
    const transfer = [batch.lines.buffer, batch.leaves.buffer, batch.leafEnds.buffer, batch.walletLengths.buffer];
    this.#worker.postMessage({ kind: 'rows', batch } satisfies WorkerRequest, transfer);
  }

  /** The checksum failures among every row added so far, by line, and how many rows the worker hashed as leaves. */
  async checked(): Promise<{ walletProblems: Map<number, string>; leafCount: number }> {
    const { walletProblems, leafCount } = await this.#ask({ kind: 'checkpoint' }, 'checked');
    return { walletProblems: new Map(walletProblems), leafCount };
  }

  /** The tree over the added rows and the other sources' rows, as they stand in the import's transaction. */
  async merkleTree(otherSources: LeafRows): Promise<ImportedTree> {
    const { root, leafCount, leaves, upperLevels } = await this.#ask({ kind: 'finish', otherSources }, 'root');
    return { root, leafCount, leaves, upperLevels };
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
    for (const question of this.#waiting.splice(0)) question.settle(new Error('The import worker was stopped'));
  }

  #send(request: WorkerRequest): void {
    this.#worker.postMessage(request);
  }

  #ask<K extends WorkerReply['kind']>(request: WorkerRequest, kind: K): Promise<Extract<WorkerReply, { kind: K }>> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({
        kind,
        settle: (reply) => {
          if (reply instanceof Error) reject(reply);
          else if (reply.kind !== kind) reject(new Error(`The import worker answered ${reply.kind} where ${kind} was due`));
          else resolve(reply as Extract<WorkerReply, { kind: K }>);
        },
      });
      this.#send(request);
    });
  }
}
