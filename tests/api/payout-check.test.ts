import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeExplorer, startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { createPayoutCheck } from '../../server/features/payouts/payout-check.service.js';
import type { AppConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import type { Database } from '../../server/platform/db/schema.js';
import { projectRoot } from '../helpers/run-cli.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** The payout check against explorers on 127.0.0.1: the states a holder will see, the budget, one process at a time. */

const { segwitKey, legacy, p2sh } = mainnetWallets;
const tx = (digit: string) => digit.repeat(64);
const hour = 3_600_000;

let config: AppConfig;
let db: Kysely<Database>;
let close: () => Promise<void>;
let explorers: FakeExplorer[];
let clock: number;
let tip: number;

beforeEach(async () => {
  ({ config, db, close } = await createTestDatabase());
  // segwitKey holds Holder Airdrop and Whale Bonus #1, legacy Holder Airdrop, p2sh Staking Season 1.
  const listed = await importAllocationsFile(db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'tge' });
  expect(listed.ok).toBe(true);
  explorers = [await startFakeExplorer(), await startFakeExplorer()];
  // The imports stamp payouts with the real time; the check's clock starts there and is moved on by hand.
  clock = Date.now();
  tip = 900_000;
});
afterEach(async () => {
  await Promise.all(explorers.map((explorer) => explorer.close()));
  await close();
});

async function recordPayouts(...rows: string[]) {
  const file = path.join(config.dataDir, `payouts-${rows.length}-${clock}.csv`);
  fs.writeFileSync(file, `wallet_address,category,txid,vout\n${rows.join('\n')}\n`);
  const recorded = await importPayoutsFile(db, file, { source: 'batch', replace: true });
  expect(recorded.ok).toBe(true);
  clock = Math.max(clock, Date.now());
}

function checker(options: { perMinute?: number; database?: Kysely<Database> } = {}) {
  return createPayoutCheck({
    db: options.database ?? db,
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    dataDir: config.dataDir,
    config: { ...config.payouts, explorerApiUrls: explorers.map((explorer) => explorer.base), explorerRequestsPerMinute: options.perMinute ?? 30 },
    timeoutMs: 2000,
    tipHeight: async () => tip,
    now: () => clock,
  });
}

/** Each payout's state as a holder will see it, by wallet and category. */
async function states() {
  const rows = await db
    .selectFrom('payouts')
    .innerJoin('payout_transactions', 'payout_transactions.txid', 'payouts.txid')
    .select(['payouts.wallet_address', 'payouts.category', 'payouts.output_state', 'payout_transactions.state', 'payout_transactions.block_height', 'payout_transactions.final'])
    .orderBy('payouts.wallet_address')
    .orderBy('payouts.category')
    .execute();
  return Object.fromEntries(
    rows.map((row) => [
      `${row.wallet_address} ${row.category}`,
      {
        state: row.output_state === 'wrong_address' ? 'wrong_address' : row.state,
        block: row.block_height === null ? null : Number(row.block_height),
        final: Number(row.final) === 1,
      },
    ]),
  );
}

const requests = () => explorers.reduce((sum, explorer) => sum + explorer.transactionRequests(), 0);
const later = (ms: number) => {
  clock += ms;
};

describe('the payout check', () => {
  it('follows a batch transaction from the mempool to its block, checks it once more six blocks deep, then never asks again', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('a')},0`, `${legacy},Holder Airdrop,${tx('a')},1`);
    explorers[0]!.broadcast(tx('a'), [{ address: segwitKey }, { address: legacy }]);
    explorers[1]!.broadcast(tx('a'), [{ address: segwitKey }, { address: legacy }]);

    const check = checker();
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(explorers[0]!.requests).toEqual([`/tx/${tx('a')}`]);
    expect(await states()).toEqual({
      [`${segwitKey} Holder Airdrop`]: { state: 'unconfirmed', block: null, final: false },
      [`${legacy} Holder Airdrop`]: { state: 'unconfirmed', block: null, final: false },
    });

    // Not due again before its interval.
    expect(await check.run()).toMatchObject({ checked: 0, requests: 0 });
    explorers.forEach((explorer) => explorer.confirm(tx('a'), 900_001));
    later(2 * 60_000);
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(explorers[0]!.requests.at(-1)).toBe(`/tx/${tx('a')}/status`);
    expect((await states())[`${legacy} Holder Airdrop`]).toEqual({ state: 'confirmed', block: 900_001, final: false });

    // Confirmed: asked again only when six blocks deep, then final.
    tip = 900_005;
    later(hour);
    expect(await check.run()).toMatchObject({ checked: 0 });
    tip = 900_006;
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect((await states())[`${segwitKey} Holder Airdrop`]).toEqual({ state: 'confirmed', block: 900_001, final: true });

    const asked = requests();
    later(24 * hour);
    tip = 901_000;
    expect(await check.run()).toMatchObject({ checked: 0, requests: 0 });
    expect(requests()).toBe(asked);
  });

  it('marks a payout wrong_address when its transaction, or the output it names, does not pay the wallet', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('b')},`, `${legacy},Holder Airdrop,${tx('b')},0`, `${p2sh},Staking Season 1,${tx('b')},`);
    // Output 0 pays segwitKey (not legacy, who named it); nothing pays p2sh.
    explorers[0]!.broadcast(tx('b'), [{ address: segwitKey }, { address: null }, { address: legacy }]);
    await checker().run();
    expect(await states()).toMatchObject({
      [`${segwitKey} Holder Airdrop`]: { state: 'unconfirmed' },
      [`${legacy} Holder Airdrop`]: { state: 'wrong_address' },
      [`${p2sh} Staking Season 1`]: { state: 'wrong_address' },
    });
  });

  it('reads the outputs of a final transaction again for a payout given it by --replace', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('7')},`, `${p2sh},Staking Season 1,${tx('8')},`);
    explorers[0]!.broadcast(tx('7'), [{ address: segwitKey }]);
    explorers[0]!.confirm(tx('7'), 899_000);
    const check = checker();
    await check.run();
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]).toEqual({ state: 'confirmed', block: 899_000, final: true });

    await recordPayouts(`${p2sh},Staking Season 1,${tx('7')},`);
    later(1_000);
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(explorers[0]!.requests.at(-1)).toBe(`/tx/${tx('7')}`);
    expect(await states()).toMatchObject({
      [`${segwitKey} Holder Airdrop`]: { state: 'confirmed', final: true },
      [`${p2sh} Staking Season 1`]: { state: 'wrong_address', final: true },
    });
  });

  it('says dropped only when a transaction once seen is unknown to every explorer', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('c')},`);
    explorers[0]!.broadcast(tx('c'), [{ address: segwitKey }]);
    const check = checker();
    await check.run();
    explorers[0]!.drop(tx('c'));
    explorers[1]!.broadcast(tx('c'), [{ address: segwitKey }]);
    later(2 * 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unconfirmed');
    explorers[1]!.drop(tx('c'));
    later(2 * 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('dropped');
  });

  it('says not_found only after PAYOUT_NOT_FOUND_HOURS without any explorer showing the transaction', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('d')},`);
    const check = checker({ perMinute: 1000 });
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unchecked');
    later(config.payouts.notFoundMs - 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unchecked');
    later(60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('not_found');
  });

  it('keeps the last known state through 429s and outages, waits out Retry-After and backs off', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('e')},`);
    explorers.forEach((explorer) => explorer.broadcast(tx('e'), [{ address: segwitKey }]));
    const check = checker();
    await check.run();
    const seen = await states();
    explorers.forEach((explorer) => explorer.confirm(tx('e')));
    explorers[0]!.answerBusy(600);
    explorers[1]!.fail();
    later(2 * 60_000);
    expect(await check.run()).toMatchObject({ requests: 2, failedRequests: 2 });
    expect(await states()).toEqual(seen);

    // Both explorers recovered, but each is waited out: the first for its Retry-After, the second for its backoff.
    explorers.forEach((explorer) => explorer.recover());
    later(10_000);
    expect(await check.run()).toMatchObject({ requests: 0, outOfBudget: true });
    later(15_000);
    expect(await check.run()).toMatchObject({ requests: 1 });
    expect(explorers[1]!.requests.at(-1)).toBe(`/tx/${tx('e')}/status`);
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('confirmed');
  });

  it('never sends one explorer more than its budget in any minute', async () => {
    // Four transactions no explorer knows: each check asks both explorers once.
    const pairs = [`${segwitKey},Holder Airdrop`, `${legacy},Holder Airdrop`, `${p2sh},Staking Season 1`, `${segwitKey},Whale Bonus #1`];
    await recordPayouts(...pairs.map((pair, i) => `${pair},${tx(String(i + 2))},`));
    const check = checker({ perMinute: 3 });
    expect(await check.run()).toMatchObject({ checked: 3, outOfBudget: true });
    expect(explorers.map((explorer) => explorer.transactionRequests())).toEqual([3, 3]);
    later(30_000);
    expect(await check.run()).toMatchObject({ checked: 0, outOfBudget: true });
    expect(explorers.map((explorer) => explorer.transactionRequests())).toEqual([3, 3]);
    later(30_001);
    await check.run();
    expect(explorers.map((explorer) => explorer.transactionRequests())).toEqual([6, 6]);
  });

  it('checks each transaction once when two processes run at once (the advisory lock on PostgreSQL, the lock file on SQLite)', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('f')},`, `${p2sh},Staking Season 1,${tx('1')},`);
    explorers[0]!.broadcast(tx('f'), [{ address: segwitKey }]);
    explorers[0]!.broadcast(tx('1'), [{ address: p2sh }]);
    // Slow answers keep the first run in its turn while the second asks for it.
    explorers[0]!.delayAnswers(300);
    const other = connectDatabase(config);
    try {
      const runs = await Promise.all([checker().run(), checker({ database: other.db }).run()]);
      expect(runs.filter((run) => run === 'busy')).toHaveLength(1);
      expect(explorers[0]!.requests.sort()).toEqual([`/tx/${tx('1')}`, `/tx/${tx('f')}`]);
    } finally {
      await other.db.destroy();
    }
  });
});
