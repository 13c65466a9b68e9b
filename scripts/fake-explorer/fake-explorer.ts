import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An output of a fake transaction: the address it pays (null: an OP_RETURN) and its value in sats. */
export interface FakeOutput {
  address: string | null;
  value?: number;
}

interface FakeTransaction {
  outputs: FakeOutput[];
  /** null while in the mempool. */
  blockHeight: number | null;
  /** Once dropped, the explorer no longer knows it (404), as after a double spend or an eviction. */
  dropped: boolean;
}

/** `busy`: 429 with `Retry-After`; `down`: 500 on every transaction call. */
type Mode = { kind: 'ok' } | { kind: 'busy'; retryAfterSeconds: number } | { kind: 'down' };

/**
 * A real HTTP stand-in for an Esplora explorer (mempool.space, blockstream.info) on 127.0.0.1:
 * `GET /tx/{txid}`, `GET /tx/{txid}/status` and `GET /blocks/tip/height`, with the JSON shapes and
 * status codes the real ones answer. Tests put transactions in the mempool, confirm or drop them,
 * make it answer 429 or fail, and count the requests it received per path.
 */
export async function startFakeExplorer() {
  const transactions = new Map<string, FakeTransaction>();
  let tipHeight = 900_000;
  let mode: Mode = { kind: 'ok' };
  let delayMs = 0;
  const received: string[] = [];

  function statusOf(transaction: FakeTransaction) {
    return transaction.blockHeight === null
      ? { confirmed: false }
      : {
          confirmed: true,
          block_height: transaction.blockHeight,
          block_hash: createHash('sha256').update(String(transaction.blockHeight)).digest('hex'),
          block_time: 1_700_000_000 + transaction.blockHeight,
        };
  }

  function answer(response: http.ServerResponse, status: number, body: unknown) {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }).end(text);
  }

  const server = http.createServer((request, response) => {
    if (delayMs > 0) {
      setTimeout(() => respond(request, response), delayMs);
      return;
    }
    respond(request, response);
  });

  function respond(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = (request.url ?? '/').split('?')[0]!;
    received.push(path);
    if (path === '/blocks/tip/height') return answer(response, 200, String(tipHeight));
    const match = /^\/tx\/([^/]+)(\/status)?$/.exec(path);
    if (!match) return answer(response, 404, 'Not Found');
    if (mode.kind === 'busy') {
      response.writeHead(429, { 'retry-after': String(mode.retryAfterSeconds), 'content-type': 'text/plain' }).end('Too Many Requests');
      return;
    }
    if (mode.kind === 'down') return answer(response, 500, 'Internal Server Error');
    const txid = match[1]!;
    if (!/^[0-9a-f]{64}$/.test(txid)) return answer(response, 400, 'Invalid hex string');
    const transaction = transactions.get(txid);
    if (!transaction || transaction.dropped) return answer(response, 404, 'Transaction not found');
    if (match[2]) return answer(response, 200, statusOf(transaction));
    return answer(response, 200, {
      txid,
      version: 2,
      locktime: 0,
      vin: [],
      vout: transaction.outputs.map((output) => ({
        scriptpubkey: '',
        scriptpubkey_type: output.address === null ? 'op_return' : 'v1_p2tr',
        ...(output.address === null ? {} : { scriptpubkey_address: output.address }),
        value: output.value ?? 546,
      })),
      status: statusOf(transaction),
    });
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function known(txid: string): FakeTransaction {
    const transaction = transactions.get(txid);
    if (!transaction) throw new Error(`the fake explorer has no transaction ${txid}`);
    return transaction;
  }

  return {
    base,
    /** The app's settings that point at this explorer. */
    env: { EXPLORER_API_URLS: base, BLOCK_HEIGHT_URLS: `${base}/blocks/tip/height` },
    /** A transaction in the mempool paying `outputs` in order (vout 0, 1, …). */
    broadcast(txid: string, outputs: FakeOutput[]) {
      transactions.set(txid, { outputs, blockHeight: null, dropped: false });
    },
    /** Mined in block `height` (default: the tip). */
    confirm(txid: string, height = tipHeight) {
      known(txid).blockHeight = height;
    },
    /** Gone: answered 404 from now on. */
    drop(txid: string) {
      known(txid).dropped = true;
    },
    setTipHeight(height: number) {
      tipHeight = height;
    },
    answerBusy(retryAfterSeconds = 60) {
      mode = { kind: 'busy', retryAfterSeconds };
    },
    fail() {
      mode = { kind: 'down' };
    },
    recover() {
      mode = { kind: 'ok' };
    },
    /** Each answer only after `ms`. */
    delayAnswers(ms: number) {
      delayMs = ms;
    },
    /** Every path asked, in order. */
    requests: received,
    /** How many requests asked for transactions (either path). */
    transactionRequests: () => received.filter((path) => path.startsWith('/tx/')).length,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeExplorer = Awaited<ReturnType<typeof startFakeExplorer>>;
