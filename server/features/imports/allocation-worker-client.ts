import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker.js';
import type { LineError } from './csv-records.js';

export interface LeafRows {
  wallets: string[];
  categories: string[];
  micros: number[];
}

/** Checked rows of one read batch, and the wallets of the batch's rows refused for another reason. */
export interface RowBatch extends LeafRows {
  lines: number[];
  unsure: { lines: number[]; wallets: string[] };
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
  | { kind: 'checked'; walletProblems: [line: number, problem: string][]; duplicates: LineError[]; wallets: number }
  | { kind: 'root'; root: string | null; leafCount: number };

export interface MerkleRoot {
  root: string | null;
  leafCount: number;
}

/**
 * The import's second thread (allocation-worker.ts): wallet checksums and doubled pairs while the file is read, the
 * Merkle root of the table while it is written. The main thread hands over each batch as it is read.
 */
export class AllocationWorker {
  readonly #worker: Worker;

  constructor(options: WorkerOptions) {
    this.#worker = startModuleWorker(import.meta.url, 'allocation-worker', { workerData: options });
  }

  add(batch: RowBatch): void {
    this.#send({ kind: 'rows', batch });
  }

  /** The worker's checks of every row added so far: checksum failures by line, doubled pairs, wallets. */
  async checks(): Promise<{ walletProblems: Map<number, string>; duplicates: LineError[]; wallets: number }> {
    const reply = await this.#ask({ kind: 'checkpoint' }, 'checked');
    return { walletProblems: new Map(reply.walletProblems), duplicates: reply.duplicates, wallets: reply.wallets };
  }

  /** The root over the added rows and the other sources' rows, as they stand in the import's transaction. */
  async merkleRoot(otherSources: LeafRows): Promise<MerkleRoot> {
    const { root, leafCount } = await this.#ask({ kind: 'finish', otherSources }, 'root');
    return { root, leafCount };
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #send(request: WorkerRequest): void {
    this.#worker.postMessage(request);
  }

  async #ask<K extends WorkerReply['kind']>(request: WorkerRequest, kind: K): Promise<Extract<WorkerReply, { kind: K }>> {
    // once() rejects when the worker fails ('error') before it answers.
    const answer = once(this.#worker, 'message');
    this.#send(request);
    const [reply] = (await answer) as [WorkerReply];
    if (reply.kind !== kind) throw new Error(`The import worker answered ${reply.kind} where ${kind} was due`);
    return reply as Extract<WorkerReply, { kind: K }>;
  }
}
