import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../lib/module-worker.js';

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
  | { kind: 'checked'; walletProblems: [line: number, problem: string][] }
  | { kind: 'root'; root: string | null; leafCount: number };

export interface MerkleRoot {
  root: string | null;
  leafCount: number;
}

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
    this.#send({ kind: 'rows', batch });
  }

  /** The checksum failures among every row added so far, by line. */
  async walletProblems(): Promise<Map<number, string>> {
    const reply = await this.#ask({ kind: 'checkpoint' }, 'checked');
    return new Map(reply.walletProblems);
  }

  /** The root over the added rows and the other sources' rows, as they stand in the import's transaction. */
  async merkleRoot(otherSources: LeafRows): Promise<MerkleRoot> {
    const { root, leafCount } = await this.#ask({ kind: 'finish', otherSources }, 'root');
    return { root, leafCount };
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
