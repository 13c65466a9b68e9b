import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { labelAllocationSnapshot } from '../../server/features/allocation/allocation-snapshot.service.js';

const ctx = useTestApp();
beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [
    { wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123' },
    { wallet: mainnetWallets.taproot, category: 'Whale Bonus #2', tokens: '11259.59' },
    { wallet: mainnetWallets.taproot, category: 'Staking Season 1', tokens: '63454.039060' },
    { wallet: mainnetWallets.taproot, category: 'Whale Bonus #1', tokens: '7506.06' },
    { wallet: mainnetWallets.taproot, category: 'Whale Bonus #3', tokens: '18765.650001' },
    { wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.1' },
    { wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.2' },
    { wallet: "x' OR '1'='1", category: '<b>odd</b>', tokens: '1' },
  ]);
});

/** A category as the lookup answers it while no payout of it is recorded. */
const unpaid = (category: string, tokens: number) => ({
  category,
  tokens,
  payout: { state: 'not_sent', txid: null, blockHeight: null, confirmations: null, checkedAt: null },
});

function lookup(walletAddress: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } });
}

describe('POST /api/allocation/lookup', () => {
  it('returns every category, largest first, with an exact total', async () => {
    const response = await lookup(mainnetWallets.taproot);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      allocation: {
        walletAddress: mainnetWallets.taproot,
        totalTokens: 135108.339061,
        recordCount: 5,
        categories: [
          unpaid('Staking Season 1', 63454.03906),
          unpaid('Holder Airdrop', 34123),
          unpaid('Whale Bonus #3', 18765.650001),
          unpaid('Whale Bonus #2', 11259.59),
          unpaid('Whale Bonus #1', 7506.06),
        ],
        // Seeded rows have no import snapshot.
        asOfBlock: null,
        payoutsRecorded: false,
      },
    });
  });

  it("gives the latest 'as of' height among the snapshots of the wallet's own sources", async () => {
    await ctx.handle.db
      .insertInto('allocation_records')
      .values([
        { wallet_address: mainnetWallets.legacy, category: 'Holder Airdrop', tokens_micro: 5_000_000, source: 'airdrop' },
        { wallet_address: mainnetWallets.p2sh, category: 'Holder Airdrop', tokens_micro: 1_000_000, source: 'later' },
      ])
      .execute();
    await labelAllocationSnapshot(ctx.handle.db, { source: 'test', asOfBlock: 900_000, importedAt: 1 });
    await labelAllocationSnapshot(ctx.handle.db, { source: 'airdrop', asOfBlock: 910_000, importedAt: 1 });
    // A snapshot the wallet has no records in does not date its allocation.
    await labelAllocationSnapshot(ctx.handle.db, { source: 'later', asOfBlock: 950_000, importedAt: 1 });

    const legacy = (await lookup(mainnetWallets.legacy)).json().allocation;
    expect(legacy.asOfBlock).toBe(910_000);
    expect(legacy.categories).toEqual([
      unpaid('Holder Airdrop', 5),
      unpaid('Public Sale', 0.3),
    ]);
    expect((await lookup(mainnetWallets.taproot)).json().allocation.asOfBlock).toBe(900_000);
  });

  it('sums records of the same category without float error', async () => {
    const { allocation } = (await lookup(mainnetWallets.legacy)).json();
    expect(allocation.totalTokens).toBe(0.3);
    expect(allocation.recordCount).toBe(2);
    expect(allocation.categories).toEqual([unpaid('Public Sale', 0.3)]);
  });

  it('trims the address and matches bech32 in any case', async () => {
    const response = await lookup(`  ${mainnetWallets.taproot.toUpperCase()}\t`);
    expect(response.json().success).toBe(true);
    expect(response.json().allocation.walletAddress).toBe(mainnetWallets.taproot);
  });

  it('keeps base58 addresses case-sensitive', async () => {
    expect((await lookup(mainnetWallets.legacy.toLowerCase())).json()).toEqual({ success: false });
  });

  it('answers 200 success:false for a wallet without records', async () => {
    const response = await lookup(mainnetWallets.p2sh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false });
  });

  it('refuses an empty or whitespace address with 400 and the spec message', async () => {
    for (const value of ['', '   \n']) {
      const response = await lookup(value);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'EMPTY_WALLET', message: 'Please enter a wallet address' });
    }
  });

  it('refuses a 10,000-character address with 400', async () => {
    const response = await lookup('b'.repeat(10_000));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('VALIDATION_ERROR');
  });

  it('refuses a missing or non-string address with 400', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: {} })).statusCode).toBe(400);
    expect((await lookup(42)).statusCode).toBe(400);
  });

  it('treats SQL and HTML metacharacters as plain data', async () => {
    const response = await lookup("x' OR '1'='1");
    expect(response.json().allocation.categories).toEqual([unpaid('<b>odd</b>', 1)]);
    expect((await lookup("' OR 1=1 --")).json()).toEqual({ success: false });
  });
});
