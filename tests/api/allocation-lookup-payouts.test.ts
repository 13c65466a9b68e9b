import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { answerLookupMany, planLookupMany } from '../../server/features/allocation/allocation-lookup-many.service.js';
import { lookupAllocation } from '../../server/features/allocation/allocation.service.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { countStatements } from '../helpers/counting-connection.js';
import { projectRoot } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** A holder sees, per category, the transfer that paid them and how deep it is in the chain. */

// allocations-good.csv: segwitKey holds Holder Airdrop (34123) and Whale Bonus #1 (3753.53), legacy
// Holder Airdrop, p2sh Staking Season 1.
const { segwitKey, legacy, p2sh } = mainnetWallets;
const paidTx = 'a'.repeat(64);
const mempoolTx = 'b'.repeat(64);
const notSent = { state: 'not_sent', txid: null, blockHeight: null, confirmations: null, checkedAt: null };

let ctx: TestApp;
let explorer: FakeExplorer;

beforeEach(async () => {
  explorer = await startFakeExplorer();
  onTestFinished(() => explorer.close());
  ctx = await build(explorer.env, { clock: () => Date.now() });
  const listed = await importAllocationsFile(ctx.handle.db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'tge' });
  expect(listed.ok).toBe(true);
});

async function recordPayouts(...rows: string[]) {
  const file = path.join(ctx.config.dataDir, `payouts-${rows.length}.csv`);
  fs.writeFileSync(file, `wallet_address,category,txid,vout\n${rows.join('\n')}\n`);
  const recorded = await importPayoutsFile(ctx.handle.db, file, { source: 'batch' });
  expect(recorded.ok).toBe(true);
  // The import stamps payouts with the real time: the app's clock goes on from there.
  ctx.clock = Math.max(ctx.clock, Date.now());
}

async function lookup(walletAddress: string) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function lookupMany(walletAddresses: string[]) {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/allocation/lookup-many', payload: { walletAddresses } });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const payoutsOf = (allocation: { categories: Array<{ category: string; payout: unknown }> }) =>
  Object.fromEntries(allocation.categories.map((entry) => [entry.category, entry.payout]));

describe('the lookup answers each category’s payout', () => {
  it('says no payout is recorded at all before the first import of payouts, every category not sent', async () => {
    const { allocation } = await lookup(segwitKey);
    expect(allocation.payoutsRecorded).toBe(false);
    expect(payoutsOf(allocation)).toEqual({ 'Holder Airdrop': notSent, 'Whale Bonus #1': notSent });
  });

  it('answers a confirmed transfer with its txid, block and confirmations from the tip, and an unpaid category as not sent', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${paidTx},0`);
    explorer.broadcast(paidTx, [{ address: segwitKey }]);
    explorer.confirm(paidTx, 900_001);
    explorer.setTipHeight(900_010);
    expect(await ctx.app.payoutCheck.run()).toMatchObject({ checked: 1 });
    const checkedAt = new Date(ctx.clock).toISOString();

    const { allocation } = await lookup(segwitKey);
    expect(allocation.payoutsRecorded).toBe(true);
    expect(payoutsOf(allocation)).toEqual({
      'Holder Airdrop': { state: 'confirmed', txid: paidTx, blockHeight: 900_001, confirmations: 10, checkedAt },
      'Whale Bonus #1': notSent,
    });
    // Another wallet on the list, not paid yet, still learns that payouts have started.
    const other = await lookup(legacy);
    expect(other.allocation).toMatchObject({ payoutsRecorded: true, categories: [{ category: 'Holder Airdrop', payout: notSent }] });
  });

  it('answers a recorded transfer no explorer was asked about yet as unchecked, with no block', async () => {
    await recordPayouts(`${p2sh},Staking Season 1,${mempoolTx},`);
    const { allocation } = await lookup(p2sh);
    expect(payoutsOf(allocation)).toEqual({
      'Staking Season 1': { state: 'unchecked', txid: mempoolTx, blockHeight: null, confirmations: null, checkedAt: null },
    });
  });

  it('keeps the last known state and its time while every explorer is down', async () => {
    await recordPayouts(`${p2sh},Staking Season 1,${mempoolTx},`);
    explorer.broadcast(mempoolTx, [{ address: p2sh }]);
    await ctx.app.payoutCheck.run();
    const seenAt = new Date(ctx.clock).toISOString();

    explorer.fail();
    ctx.clock += 10 * 60_000;
    await ctx.app.payoutCheck.run();
    const { allocation } = await lookup(p2sh);
    expect(payoutsOf(allocation)).toEqual({
      'Staking Season 1': { state: 'unconfirmed', txid: mempoolTx, blockHeight: null, confirmations: null, checkedAt: seenAt },
    });
  });

  it('answers a transfer with no output to the wallet as wrong_address', async () => {
    await recordPayouts(`${p2sh},Staking Season 1,${mempoolTx},`);
    explorer.broadcast(mempoolTx, [{ address: legacy }]);
    await ctx.app.payoutCheck.run();
    const { allocation } = await lookup(p2sh);
    expect(payoutsOf(allocation)['Staking Season 1']).toMatchObject({ state: 'wrong_address', txid: mempoolTx });
  });

  it('lookup-many carries each found wallet’s payouts, as the single lookup answers them', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${paidTx},0`);
    explorer.broadcast(paidTx, [{ address: segwitKey }]);
    explorer.confirm(paidTx, 900_001);
    explorer.setTipHeight(900_002);
    await ctx.app.payoutCheck.run();

    const { results } = await lookupMany([segwitKey, legacy]);
    expect(results[0].allocation).toEqual((await lookup(segwitKey)).allocation);
    expect(results[1].allocation).toEqual((await lookup(legacy)).allocation);
    expect(payoutsOf(results[0].allocation)['Holder Airdrop']).toMatchObject({ state: 'confirmed', blockHeight: 900_001, confirmations: 2 });
    expect(payoutsOf(results[1].allocation)['Holder Airdrop']).toEqual(notSent);
  });

  it('still reads a lookup, payouts and all, in one statement', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${paidTx},0`);
    const tip = async () => 900_010;
    const one = await countStatements(ctx.config, (db) => lookupAllocation(db, segwitKey, tip));
    expect(one.statements).toBe(1);
    expect(one.result).toMatchObject({ success: true, allocation: { payoutsRecorded: true } });
    const many = await countStatements(ctx.config, (db) => answerLookupMany(db, planLookupMany([segwitKey, legacy, p2sh]), tip));
    expect(many.statements).toBe(1);
    expect(many.result.results.map((entry) => entry.status)).toEqual(['found', 'found', 'found']);
  });
});
