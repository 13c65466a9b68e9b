import { describe, expect, it } from 'vitest';
import { listDisputesWithHoldings } from '../../server/features/admin/disputes-with-holdings.js';
import { labelAllocationSnapshot } from '../../server/features/allocation/allocation-snapshot.service.js';
import { grant } from '../helpers/admin-callers.js';
import { createTestWallet } from '../helpers/bitcoin-signer.js';
import { useTestApp } from '../helpers/build-app.js';
import { countStatements } from '../helpers/counting-connection.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { signInWithWallet } from '../helpers/wallet-sign-in.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const ctx = useTestApp();

async function fileDispute(wallet: string, message: string) {
  const { cookie } = await loginCookie(ctx.app, wallet);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/allocation/disputes', headers: { cookie }, payload: { message } });
  expect(response.statusCode, response.body).toBe(201);
}

/** The disputes queue read on a connection of its own that counts the statements it runs. */
async function queueWithStatements(status: 'open' | null) {
  const { result: disputes, statements } = await countStatements(ctx.config, (db) => listDisputesWithHoldings(db, status));
  return { disputes, statements };
}

describe('the disputes queue of /api/admin', () => {
  it("shows each holder's allocation in the live snapshot, with its as-of block, beside the message", async () => {
    await seedAllocationRecords(ctx.handle.db, [
      { wallet: mainnetWallets.taproot, category: 'Staking Season 1', tokens: '1500.5' },
      { wallet: mainnetWallets.taproot, category: 'OG holders', tokens: '20000' },
    ]);
    await labelAllocationSnapshot(ctx.handle.db, { source: 'test', asOfBlock: 870_000, importedAt: Date.now() });
    await fileDispute(mainnetWallets.taproot, 'My Season 1 tokens look low.');
    await fileDispute(mainnetWallets.legacy, 'I am not on the list.');

    const reviewer = createTestWallet('p2tr');
    await grant(ctx, reviewer.address, 'reviewer');
    const { cookie } = await signInWithWallet(ctx.app, reviewer);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/disputes?status=open', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const rows = response.json().disputes as Array<{ message: string; holderAllocation: unknown }>;
    const notSent = { state: 'not_sent', txid: null, blockHeight: null, confirmations: null, checkedAt: null };
    expect(rows.map((row) => [row.message, row.holderAllocation])).toEqual([
      [
        'My Season 1 tokens look low.',
        {
          walletAddress: mainnetWallets.taproot,
          totalTokens: 21500.5,
          recordCount: 2,
          categories: [
            { category: 'OG holders', tokens: 20000, payout: notSent },
            { category: 'Staking Season 1', tokens: 1500.5, payout: notSent },
          ],
          asOfBlock: 870_000,
          payoutsRecorded: false,
        },
      ],
      ['I am not on the list.', null],
    ]);
  });

  it('costs the same statements for one holder as for five, and finds each holder as the single lookup does', async () => {
    await seedAllocationRecords(ctx.handle.db, [
      { wallet: mainnetWallets.taproot, category: 'OG holders', tokens: '20000' },
      { wallet: mainnetWallets.segwitKey, category: 'Holder Airdrop', tokens: '0.000001' },
      { wallet: mainnetWallets.segwitKey, category: 'Staking Season 1', tokens: '7.5' },
      { wallet: mainnetWallets.p2sh, category: 'Holder Airdrop', tokens: '1500' },
    ]);
    await fileDispute(mainnetWallets.taproot, 'Mine look low.');
    const one = await queueWithStatements('open');
    expect(one.disputes).toHaveLength(1);

    await fileDispute(mainnetWallets.segwitKey, 'Where is my Season 1?');
    await fileDispute(mainnetWallets.segwitScript, 'I am not on the list.');
    await fileDispute(mainnetWallets.p2sh, 'Off by one category.');
    await fileDispute(mainnetWallets.legacy, 'Nothing for me either.');
    const five = await queueWithStatements(null);

    expect(five.statements).toBe(one.statements);
    for (const dispute of five.disputes) {
      const single = await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: dispute.walletAddress } });
      const answer = single.json() as { success: boolean; allocation?: unknown };
      expect(dispute.holderAllocation).toEqual(answer.success ? answer.allocation : null);
    }
    expect(five.disputes.map((dispute) => dispute.holderAllocation?.totalTokens ?? null)).toEqual([20000, 7.500001, null, 1500, null]);
  });
});
