import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { fetchTransaction, fetchTransactionStatus, retryAfterMs } from '../../server/integrations/esplora.js';

const txid = 'a'.repeat(64);
const holder = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';

let explorer: FakeExplorer;
beforeAll(async () => {
  explorer = await startFakeExplorer();
});
afterAll(async () => explorer.close());

const call = (id = txid) => ({ base: explorer.base, txid: id, timeoutMs: 2000 });

describe('the Esplora client, against an explorer on 127.0.0.1', () => {
  it('reads the outputs and the mempool status, then the block once confirmed', async () => {
    explorer.broadcast(txid, [{ address: holder }, { address: null }, { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }]);
    expect(await fetchTransaction(call())).toEqual({
      kind: 'found',
      value: {
        outputs: [
          { index: 0, address: holder },
          { index: 1, address: null },
          { index: 2, address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        ],
        status: { confirmed: false, blockHeight: null },
      },
    });
    explorer.confirm(txid, 901_234);
    expect(await fetchTransactionStatus(call())).toEqual({ kind: 'found', value: { confirmed: true, blockHeight: 901_234 } });
  });

  it('says a transaction it does not know, or no longer knows, is unknown', async () => {
    expect(await fetchTransactionStatus(call('b'.repeat(64)))).toEqual({ kind: 'unknown' });
    explorer.broadcast('c'.repeat(64), [{ address: holder }]);
    explorer.drop('c'.repeat(64));
    expect(await fetchTransaction(call('c'.repeat(64)))).toEqual({ kind: 'unknown' });
  });

  it('passes on a 429 with its Retry-After, and names a failure', async () => {
    explorer.answerBusy(30);
    expect(await fetchTransactionStatus(call())).toEqual({ kind: 'busy', retryAfterMs: 30_000 });
    explorer.fail();
    expect(await fetchTransactionStatus(call())).toEqual({ kind: 'failed', reason: `${new URL(explorer.base).host} answered 500` });
    explorer.recover();
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('120', 0)).toBe(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2026 07:28:00 GMT', Date.parse('Wed, 21 Oct 2026 07:27:00 GMT'))).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(retryAfterMs(null, 0)).toBeNull();
  });
});
