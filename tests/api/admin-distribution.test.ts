import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importAllocationsFile, importPayoutsFile, writeOwedAllocationCsv } from '../../server/features/imports/index.js';
import { listProblemPayouts } from '../../server/features/payouts/index.js';
import { adminCallers, signedInAs } from '../helpers/admin-callers.js';
import { buildDatabase, perTest, useTestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/**
 * The console's Distribution section: the live list's wallets and tokens per category and payout state,
 * the payouts the explorers found wrong, the check's last run, and the owed list as an allocation file.
 */

const { segwitKey, segwitScript, legacy, p2sh, taproot } = mainnetWallets;
const tx = (digit: string) => digit.repeat(64);
const minute = 60_000;
const hour = 60 * minute;

const explorer = perTest(async () => {
  const started = await startFakeExplorer();
  onTestFinished(() => started.close());
  return started;
});
const ctx = useTestApp(() => explorer.env, { clock: () => Date.now() });

beforeEach(async () => {
  const list = writeFile(
    'list.csv',
    'wallet_address,category,tokens',
    `${segwitKey},Holder Airdrop,34123`,
    `${segwitKey},Whale Bonus #1,3753.53`,
    `${legacy},Holder Airdrop,0.000001`,
    `${p2sh},Staking Season 1,1234567.891011`,
    `${taproot},Holder Airdrop,10`,
    `${segwitScript},Holder Airdrop,20`,
    `${segwitScript},Public Sale,5`,
  );
  expect((await importAllocationsFile(ctx.handle.db, list, { source: 'tge' })).ok).toBe(true);
});

function writeFile(name: string, ...lines: string[]): string {
  const file = path.join(ctx.config.dataDir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function recordPayouts(name: string, ...rows: string[]) {
  const recorded = await importPayoutsFile(ctx.handle.db, writeFile(name, 'wallet_address,category,txid,vout', ...rows));
  expect(recorded.ok).toBe(true);
}

/** One run of the app's own check; its timer may hold the turn for a moment. */
async function runCheck() {
  for (;;) {
    const run = await ctx.app.payoutCheck.run();
    if (run !== 'busy') return run;
  }
}

/**
 * Every state at once. The explorer knows each transaction before its payout is recorded, and the clock
 * moves before each run, so a run of the app's timer in between changes nothing.
 */
async function payInEveryState() {
  // a pays segwitKey at output 0 and taproot (not legacy, who named output 1) at output 1.
  explorer.broadcast(tx('a'), [{ address: segwitKey }, { address: taproot }]);
  explorer.broadcast(tx('c'), [{ address: taproot }]);
  explorer.broadcast(tx('d'), [{ address: segwitScript }]);
  await recordPayouts(
    'batch-1.csv',
    `${segwitKey},Holder Airdrop,${tx('a')},0`,
    `${legacy},Holder Airdrop,${tx('a')},1`,
    `${p2sh},Staking Season 1,${tx('b')},`,
    `${taproot},Holder Airdrop,${tx('c')},`,
    `${segwitScript},Holder Airdrop,${tx('d')},`,
  );
  ctx.clock += minute;
  await runCheck();
  explorer.confirm(tx('a'), 900_000);
  explorer.drop(tx('c'));
  ctx.clock += 2 * minute;
  await runCheck();
  // b was never seen: a day after it was recorded it is not found.
  ctx.clock += 25 * hour;
  await runCheck();
  // Recorded after the last run: no explorer asked yet.
  await recordPayouts('batch-2.csv', `${segwitScript},Public Sale,${tx('e')},`);
}

const noStates = { not_sent: 0, unchecked: 0, unconfirmed: 0, confirmed: 0, wrong_address: 0, dropped: 0, not_found: 0 };

async function distribution() {
  const { cookie } = await signedInAs(ctx, 'admin');
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/distribution', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/admin/distribution', () => {
  it('counts the wallets and tokens of each category in every payout state after a check against the explorer', async () => {
    await payInEveryState();
    const body = await distribution();
    const byCategory = Object.fromEntries(
      body.categories.map((category: { category: string; states: Array<{ state: string; wallets: number; tokensMicro: string }> }) => [
        category.category,
        Object.fromEntries(category.states.map((state) => [state.state, [state.wallets, state.tokensMicro]])),
      ]),
    );
    const zero = Object.fromEntries(Object.keys(noStates).map((state) => [state, [0, '0']]));
    expect(byCategory).toEqual({
      'Holder Airdrop': { ...zero, confirmed: [1, '34123000000'], wrong_address: [1, '1'], dropped: [1, '10000000'], unconfirmed: [1, '20000000'] },
      'Whale Bonus #1': { ...zero, not_sent: [1, '3753530000'] },
      'Staking Season 1': { ...zero, not_found: [1, '1234567891011'] },
      'Public Sale': { ...zero, unchecked: [1, '5000000'] },
    });
    // Every state in the section's order, for every category.
    for (const category of body.categories) {
      expect(category.states.map((state: { state: string }) => state.state)).toEqual(['not_sent', 'unchecked', 'unconfirmed', 'confirmed', 'wrong_address', 'dropped', 'not_found']);
    }
    const holders = body.categories.find((category: { category: string }) => category.category === 'Holder Airdrop');
    // Paid: every state but not sent, dropped and wrong address.
    expect(holders).toMatchObject({ wallets: 4, tokensMicro: '34153000001', paid: { wallets: 2, tokensMicro: '34143000000' } });
    expect(body.total).toEqual({ pairs: 7, tokensMicro: '1272479421012', paid: { pairs: 4, tokensMicro: '1268715891011' } });
    expect(body.transactions).toBe(5);
    expect(body.offList).toBe(0);
  });

  it('lists each problem payout with its wallet, category, transaction and reason, and their total', async () => {
    await payInEveryState();
    const { problems } = await distribution();
    expect(problems.total).toBe(3);
    expect(problems.limit).toBe(100);
    expect(problems.payouts).toEqual([
      expect.objectContaining({ walletAddress: legacy, category: 'Holder Airdrop', txid: tx('a'), vout: 1, reason: 'wrong_address' }),
      expect.objectContaining({ walletAddress: p2sh, category: 'Staking Season 1', txid: tx('b'), vout: null, reason: 'not_found', firstSeenAt: null }),
      expect.objectContaining({ walletAddress: taproot, category: 'Holder Airdrop', txid: tx('c'), vout: null, reason: 'dropped' }),
    ]);
    const dropped = problems.payouts[2];
    // Seen once (the first run), then unknown: both times are the check's clock.
    expect(Date.parse(dropped.firstSeenAt)).toBeLessThan(Date.parse(dropped.checkedAt));
    expect(Date.parse(problems.payouts[1].recordedAt)).toBeLessThan(Date.parse(problems.payouts[1].checkedAt) - 24 * hour);
  });

  it('stops the problem list at its limit and still counts them all', async () => {
    await payInEveryState();
    const first = await listProblemPayouts(ctx.handle.db, 2);
    expect(first.total).toBe(3);
    expect(first.payouts.map((payout) => payout.wallet)).toEqual([legacy, p2sh]);
  });

  it("shows when this process's check last ran and when an explorer last answered about a transaction", async () => {
    const before = await distribution();
    expect(before.check).toEqual({ lastRunAt: null, lastAnswerAt: null, requests: 0, failedRequests: 0 });
    await payInEveryState();
    const { check } = await distribution();
    expect(check.lastRunAt).toBe(new Date(ctx.clock).toISOString());
    expect(check.lastAnswerAt).toBe(new Date(ctx.clock).toISOString());
    expect(check.requests).toBeGreaterThanOrEqual(5);
    expect(check.failedRequests).toBe(0);
  });

  it('answers an empty list with no categories and nothing owed', async () => {
    await ctx.rebuild(explorer.env, { clock: () => Date.now() });
    const body = await distribution();
    expect(body).toMatchObject({ categories: [], total: { pairs: 0, tokensMicro: '0' }, problems: { total: 0, payouts: [] }, transactions: 0 });
  });
});

describe('GET /api/admin/distribution/owed.csv', () => {
  it("downloads what is still owed as `payouts export-unpaid` writes it, which the allocation import reads back to the same pairs and amounts", async () => {
    await payInEveryState();
    const { cookie } = await signedInAs(ctx, 'admin');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/distribution/owed.csv', headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="owed.csv"');
    expect(response.headers['cache-control']).toBe('no-store');

    let exported = '';
    await writeOwedAllocationCsv(ctx.handle.db, async (text) => {
      exported += text;
    });
    expect(response.body).toBe(exported);

    // Owed: not sent, dropped and wrong address (a transfer not found yet may still turn up).
    const owed = [
      { wallet_address: legacy, category: 'Holder Airdrop', tokens_micro: 1 },
      { wallet_address: segwitKey, category: 'Whale Bonus #1', tokens_micro: 3_753_530_000 },
      { wallet_address: taproot, category: 'Holder Airdrop', tokens_micro: 10_000_000 },
    ];
    const file = writeFile('owed.csv', response.body.trimEnd());
    const fresh = await buildDatabase();
    expect((await importAllocationsFile(fresh.db, file)).ok).toBe(true);
    const records = await fresh.db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro']).orderBy('wallet_address').orderBy('category').execute();
    const byPair = (a: { wallet_address: string; category: string }, b: { wallet_address: string; category: string }) =>
      `${a.wallet_address} ${a.category}`.localeCompare(`${b.wallet_address} ${b.category}`);
    expect(records.map((record) => ({ ...record, tokens_micro: Number(record.tokens_micro) })).sort(byPair)).toEqual([...owed].sort(byPair));
  });

  it('is only the header when nothing is owed', async () => {
    await ctx.rebuild(explorer.env, { clock: () => Date.now() });
    const { cookie } = await signedInAs(ctx, 'admin');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/distribution/owed.csv', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('wallet_address,category,tokens\n');
  });
});

describe('who may read the distribution', () => {
  it('refuses a visitor without a session (401) and every caller without the admin role (403), with no figure in the answer', async () => {
    await payInEveryState();
    const callers = await adminCallers(ctx);
    for (const url of ['/api/admin/distribution', '/api/admin/distribution/owed.csv']) {
      for (const [kind, status] of [['anonymous', 401], ['address-only', 403], ['no role', 403], ['reviewer', 403], ['revoked admin', 403]] as const) {
        const { cookie } = callers[kind];
        const response = await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(response.statusCode, `${url} ${kind}`).toBe(status);
        expect(Object.keys(response.json()).sort(), `${url} ${kind}`).toEqual(['error', 'message']);
        for (const secret of [segwitKey, legacy, p2sh, 'Holder Airdrop', tx('a')]) expect(response.body).not.toContain(secret);
      }
    }
  }, 60_000);
});
