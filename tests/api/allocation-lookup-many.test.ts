import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { answerLookupMany, planLookupMany } from '../../server/features/allocation/allocation-lookup-many.service.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { countStatements } from '../helpers/counting-connection.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

/** A holder with several wallets sees each one's allocation and what they add up to, in one request. */

let ctx: TestApp | undefined;

const records = [
  { wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123.1' },
  { wallet: mainnetWallets.taproot, category: 'Whale Bonus #1', tokens: '7506.06' },
  { wallet: mainnetWallets.segwitKey, category: 'Holder Airdrop', tokens: '0.2' },
  { wallet: mainnetWallets.segwitKey, category: 'Public Sale', tokens: '0.000001' },
  { wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.1' },
  { wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.2' },
];

async function app(env: Record<string, string> = {}) {
  ctx = await build(env);
  await seedAllocationRecords(ctx.handle.db, records);
  return ctx.app;
}

async function lookupMany(walletAddresses: unknown) {
  return ctx!.app.inject({ method: 'POST', url: '/api/allocation/lookup-many', payload: { walletAddresses } });
}

async function lookupOne(walletAddress: string) {
  return (await ctx!.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } })).json();
}

describe('POST /api/allocation/lookup-many', () => {
  it('answers each address in the order given, as the single lookup does, and unknown ones as not found', async () => {
    await app();
    const response = await lookupMany([mainnetWallets.legacy, mainnetWallets.p2sh, mainnetWallets.taproot]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toEqual([
      { position: 0, status: 'found', walletAddress: mainnetWallets.legacy, allocation: (await lookupOne(mainnetWallets.legacy)).allocation },
      { position: 1, status: 'not_found', walletAddress: mainnetWallets.p2sh },
      { position: 2, status: 'found', walletAddress: mainnetWallets.taproot, allocation: (await lookupOne(mainnetWallets.taproot)).allocation },
    ]);
    expect(results[0].allocation).toMatchObject({ totalTokens: 0.3, recordCount: 2 });
  });

  it('merges the categories of the found addresses, exact to the micro-token', async () => {
    await app();
    const { total } = (await lookupMany([mainnetWallets.taproot, mainnetWallets.segwitKey, mainnetWallets.legacy])).json();
    expect(total).toEqual({
      walletCount: 3,
      totalTokens: 41629.660001,
      recordCount: 6,
      categories: [
        // Summed as floats these would read 34123.299999999996 and 0.30000099999999996.
        { category: 'Holder Airdrop', tokens: 34123.3 },
        { category: 'Whale Bonus #1', tokens: 7506.06 },
        { category: 'Public Sale', tokens: 0.300001 },
      ],
    });
  });

  it('finds an upper-case bech32 address, trimmed, and answers a repeat of it once as a duplicate', async () => {
    await app();
    const { results, total } = (
      await lookupMany([`  ${mainnetWallets.taproot.toUpperCase()} `, mainnetWallets.legacy, mainnetWallets.taproot])
    ).json();
    expect(results[0]).toMatchObject({ position: 0, status: 'found', walletAddress: mainnetWallets.taproot });
    expect(results[2]).toEqual({ position: 2, status: 'duplicate', walletAddress: mainnetWallets.taproot, duplicateOf: 0 });
    expect(total).toMatchObject({ walletCount: 2, totalTokens: 41629.46, recordCount: 4 });
  });

  it('keeps base58 addresses case-sensitive: a lower-cased one is another address', async () => {
    await app();
    const { results } = (await lookupMany([mainnetWallets.legacy, mainnetWallets.legacy.toLowerCase()])).json();
    expect(results.map((entry: { status: string }) => entry.status)).toEqual(['found', 'not_found']);
  });

  it('reports each malformed entry by its position and still answers the others', async () => {
    await app();
    const response = await lookupMany(['   ', 42, mainnetWallets.legacy, 'x'.repeat(201), null, { a: 1 }]);
    expect(response.statusCode).toBe(200);
    const { results, total } = response.json();
    expect(results).toEqual([
      { position: 0, status: 'malformed', error: 'EMPTY_WALLET', message: 'Please enter a wallet address' },
      { position: 1, status: 'malformed', error: 'INVALID_WALLET_ENTRY', message: expect.any(String) },
      expect.objectContaining({ position: 2, status: 'found' }),
      { position: 3, status: 'malformed', error: 'INVALID_WALLET_ENTRY', message: expect.any(String) },
      { position: 4, status: 'malformed', error: 'INVALID_WALLET_ENTRY', message: expect.any(String) },
      { position: 5, status: 'malformed', error: 'INVALID_WALLET_ENTRY', message: expect.any(String) },
    ]);
    expect(total).toMatchObject({ walletCount: 1, totalTokens: 0.3 });
  });

  it('treats any text as data, as the single lookup does', async () => {
    await app();
    // A lone surrogate (JSON carries it as an escape) is text no wallet can be, on either database.
    const response = await lookupMany(["x' OR '1'='1", '<b>bc1</b>', 'bc1q\udae9x', mainnetWallets.legacy]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results).toEqual([
      { position: 0, status: 'not_found', walletAddress: "x' OR '1'='1" },
      { position: 1, status: 'not_found', walletAddress: '<b>bc1</b>' },
      { position: 2, status: 'not_found', walletAddress: 'bc1q\udae9x' },
      { position: 3, status: 'found', walletAddress: mainnetWallets.legacy, allocation: (await lookupOne(mainnetWallets.legacy)).allocation },
    ]);
  });

  it('refuses no addresses and 21 addresses with 400 and a code saying which', async () => {
    await app();
    const none = await lookupMany([]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'NO_WALLETS', message: 'Please enter at least one wallet address.' });

    const many = await lookupMany(Array.from({ length: 21 }, (_, i) => fakeWallet('bc1q', 42 + i)));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ error: 'TOO_MANY_WALLETS', message: expect.stringContaining('At most 20') });

    expect((await lookupMany(Array.from({ length: 20 }, (_, i) => fakeWallet('bc1q', 42 + i)))).statusCode).toBe(200);
  });

  it('refuses a body without the list, or with a list that is not an array, with 400', async () => {
    await app();
    for (const payload of [{}, { walletAddresses: 'bc1q' }, { walletAddresses: [], extra: 1 }]) {
      const response = await ctx!.app.inject({ method: 'POST', url: '/api/allocation/lookup-many', payload });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('lookup-many and the per-visitor lookup limit', () => {
  async function listening(): Promise<string> {
    const port = await freePort();
    await app({ PORT: String(port), LOOKUP_RATE_LIMIT: '5' });
    await ctx!.app.listen({ port, host: '127.0.0.1' });
    return `http://127.0.0.1:${port}`;
  }

  const post = (base: string, path: string, body: unknown) =>
    fetch(`${base}/api/allocation/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('spends one lookup per distinct address, from the same budget as the single lookup', async () => {
    const base = await listening();
    // Three distinct addresses (the repeat is free) spend three of five.
    const three = [mainnetWallets.taproot, mainnetWallets.legacy, mainnetWallets.p2sh, mainnetWallets.taproot.toUpperCase()];
    expect((await post(base, 'lookup-many', { walletAddresses: three })).status).toBe(200);
    expect((await post(base, 'lookup', { walletAddress: mainnetWallets.legacy })).status).toBe(200);

    // One left: two addresses are past it, and refusing them spends nothing.
    const refused = await post(base, 'lookup-many', { walletAddresses: [mainnetWallets.taproot, mainnetWallets.legacy] });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: 'RATE_LIMITED', message: expect.any(String) });

    expect((await post(base, 'lookup', { walletAddress: mainnetWallets.legacy })).status).toBe(200);
    const single = await post(base, 'lookup', { walletAddress: mainnetWallets.legacy });
    expect(single.status).toBe(429);
    expect(single.headers.get('retry-after')).not.toBeNull();
    expect((await post(base, 'lookup-many', { walletAddresses: [mainnetWallets.legacy] })).status).toBe(429);
  });

  it('refuses one request of more distinct addresses than the whole budget', async () => {
    const base = await listening();
    const six = Array.from({ length: 6 }, (_, i) => fakeWallet('bc1q', 42 + i));
    expect((await post(base, 'lookup-many', { walletAddresses: six })).status).toBe(429);
    expect((await post(base, 'lookup-many', { walletAddresses: six.slice(0, 5) })).status).toBe(200);
    expect((await post(base, 'lookup', { walletAddress: mainnetWallets.legacy })).status).toBe(429);
  });
});

describe('lookup-many reads every address in one statement', () => {
  it('costs one statement for one address and for twenty, and answers each as the single lookup does', async () => {
    await app();
    const twenty = [
      mainnetWallets.taproot,
      mainnetWallets.segwitKey,
      mainnetWallets.legacy,
      ...Array.from({ length: 17 }, (_, i) => fakeWallet('bc1q', 42 + i)),
    ];
    const one = await countStatements(ctx!.config, (db) => answerLookupMany(db, planLookupMany([mainnetWallets.taproot])));
    const many = await countStatements(ctx!.config, (db) => answerLookupMany(db, planLookupMany(twenty)));
    expect(one.statements).toBe(1);
    expect(many.statements).toBe(1);

    expect(many.result.results.map((entry) => entry.status)).toEqual(['found', 'found', 'found', ...Array(17).fill('not_found')]);
    for (const [position, wallet] of twenty.slice(0, 3).entries()) {
      expect(many.result.results[position]).toEqual({ position, status: 'found', walletAddress: wallet, allocation: (await lookupOne(wallet)).allocation });
    }
    expect(many.result.total).toMatchObject({ walletCount: 3, totalTokens: 41629.660001, recordCount: 6 });
  });
});
