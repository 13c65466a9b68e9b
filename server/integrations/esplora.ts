import { fetchBounded, UpstreamError } from './http.js';

/**
 * The Esplora API (mempool.space, blockstream.info): what a block explorer shows of a transaction.
 * It proves where a transaction is (mempool, block N) and which addresses its outputs pay; the
 * token amount a transfer carries is credited by the token's indexers, which this does not ask.
 */

export interface TransactionOutput {
  /** The output's position (vout). */
  index: number;
  /** The address it pays; null for an output without one (OP_RETURN, a bare script). */
  address: string | null;
}

export interface TransactionStatus {
  confirmed: boolean;
  /** The block that holds it, once confirmed. */
  blockHeight: number | null;
}

export interface ExplorerTransaction {
  outputs: TransactionOutput[];
  status: TransactionStatus;
}

/** What one explorer said: the answer, that it does not know the transaction, or why it could not say. */
export type ExplorerAnswer<T> =
  | { kind: 'found'; value: T }
  | { kind: 'unknown' }
  /** 429 or 503: come back no sooner than `retryAfterMs` (its Retry-After, else null). */
  | { kind: 'busy'; retryAfterMs: number | null }
  | { kind: 'failed'; reason: string };

/** A batch transfer pays hundreds of outputs: an answer may be larger than other outside calls'. */
const maxTransactionBytes = 4 * 1024 * 1024;

/** Retry-After as milliseconds: seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

async function ask<T>(url: string, timeoutMs: number, now: () => number, read: (body: unknown) => T | null): Promise<ExplorerAnswer<T>> {
  let answer: Awaited<ReturnType<typeof fetchBounded>>;
  try {
    answer = await fetchBounded(url, { timeoutMs, maxBodyBytes: maxTransactionBytes, headers: { accept: 'application/json' } });
  } catch (error) {
    return { kind: 'failed', reason: error instanceof UpstreamError ? error.message : String(error) };
  }
  const host = new URL(url).host;
  if (answer.status === 404) return { kind: 'unknown' };
  if (answer.status === 429 || answer.status === 503) return { kind: 'busy', retryAfterMs: retryAfterMs(answer.headers.get('retry-after'), now()) };
  if (answer.status < 200 || answer.status > 299) return { kind: 'failed', reason: `${host} answered ${answer.status}` };
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return { kind: 'failed', reason: `${host} answered something that is not JSON` };
  }
  const value = read(body);
  return value === null ? { kind: 'failed', reason: `${host} answered JSON of another shape` } : { kind: 'found', value };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readStatus(body: unknown): TransactionStatus | null {
  if (!isRecord(body) || typeof body.confirmed !== 'boolean') return null;
  if (!body.confirmed) return { confirmed: false, blockHeight: null };
  return Number.isSafeInteger(body.block_height) ? { confirmed: true, blockHeight: body.block_height as number } : null;
}

function readTransaction(body: unknown): ExplorerTransaction | null {
  if (!isRecord(body) || !Array.isArray(body.vout)) return null;
  const status = readStatus(body.status);
  if (status === null) return null;
  const outputs: TransactionOutput[] = [];
  for (const [index, output] of body.vout.entries()) {
    if (!isRecord(output)) return null;
    const address = output.scriptpubkey_address;
    outputs.push({ index, address: typeof address === 'string' ? address : null });
  }
  return { outputs, status };
}

export interface EsploraCall {
  /** An explorer's API base, e.g. https://mempool.space/api. */
  base: string;
  txid: string;
  timeoutMs: number;
  now?: () => number;
}

/** `GET {base}/tx/{txid}`: the outputs and where the transaction is. */
export function fetchTransaction({ base, txid, timeoutMs, now = Date.now }: EsploraCall): Promise<ExplorerAnswer<ExplorerTransaction>> {
  return ask(`${base}/tx/${txid}`, timeoutMs, now, readTransaction);
}

/** `GET {base}/tx/{txid}/status`: where the transaction is, without its outputs. */
export function fetchTransactionStatus({ base, txid, timeoutMs, now = Date.now }: EsploraCall): Promise<ExplorerAnswer<TransactionStatus>> {
  return ask(`${base}/tx/${txid}/status`, timeoutMs, now, readStatus);
}
