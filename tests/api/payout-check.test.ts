import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { createPayoutCheck } from '../../server/features/payouts/payout-check.service.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import type { Database } from '../../server/platform/db/schema.js';
import { projectRoot } from '../helpers/run-cli.js';
import { perTest, useTestDatabase } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** The payout check against fakes.list on 127.0.0.1: the states a holder will see, the budget, one process at a time. */

const { segwitKey, legacy, p2sh } = mainnetWallets;
const tx = (digit: string) => digit.repeat(64);
const hour = 3_600_000;

const database = useTestDatabase();
/** Two fakes.list, so a transaction is gone only when both forget it. */
const fakes = perTest(async () => {
  const list = [await startFakeExplorer(), await startFakeExplorer()];
  onTestFinished(async () => {
    await Promise.all(list.map((explorer) => explorer.close()));
  });
  return { list };
});
let clock: number;
let tip: number;

beforeEach(async () => {
  // segwitKey holds Holder Airdrop and Whale Bonus #1, legacy Holder Airdrop, p2sh Staking Season 1.
  const listed = await importAllocationsFile(database.db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'tge' });
  expect(listed.ok).toBe(true);
  // The imports stamp payouts with the real time; the check's clock starts there and is moved on by hand.
  clock = Date.now();
  tip = 900_000;
});

async function recordPayouts(...rows: string[]) {
  const file = path.join(database.config.dataDir, `payouts-${rows.length}-${clock}.csv`);
  fs.writeFileSync(file, `wallet_address,category,txid,vout\n${rows.join('\n')}\n`);
  const recorded = await importPayoutsFile(database.db, file, { source: 'batch', replace: true });
  expect(recorded.ok).toBe(true);
  clock = Math.max(clock, Date.now());
}

function checker(options: { perMinute?: number; database?: Kysely<Database> } = {}) {
  return createPayoutCheck({
    db: options.database ?? database.db,
    dialect: database.config.databaseUrl ? 'postgres' : 'sqlite',
    dataDir: database.config.dataDir,
    config: { ...database.config.payouts, explorerApiUrls: fakes.list.map((explorer) => explorer.base), explorerRequestsPerMinute: options.perMinute ?? 30 },
    timeoutMs: 2000,
    tipHeight: async () => tip,
    now: () => clock,
  });
}

/** Each payout's state as a holder will see it, by wallet and category. */
async function states() {
  const rows = await database.db
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

const requests = () => fakes.list.reduce((sum, explorer) => sum + explorer.transactionRequests(), 0);
const later = (ms: number) => {
  clock += ms;
};

describe('the payout check', () => {
  it('follows a batch transaction from the mempool to its block, checks it once more six blocks deep, then never asks again', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('a')},0`, `${legacy},Holder Airdrop,${tx('a')},1`);
    fakes.list[0]!.broadcast(tx('a'), [{ address: segwitKey }, { address: legacy }]);
    fakes.list[1]!.broadcast(tx('a'), [{ address: segwitKey }, { address: legacy }]);

    const check = checker();
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(fakes.list[0]!.requests).toEqual([`/tx/${tx('a')}`]);
    expect(await states()).toEqual({
      [`${segwitKey} Holder Airdrop`]: { state: 'unconfirmed', block: null, final: false },
      [`${legacy} Holder Airdrop`]: { state: 'unconfirmed', block: null, final: false },
    });

    // Not due again before its interval.
    expect(await check.run()).toMatchObject({ checked: 0, requests: 0 });
    fakes.list.forEach((explorer) => explorer.confirm(tx('a'), 900_001));
    later(2 * 60_000);
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(fakes.list[0]!.requests.at(-1)).toBe(`/tx/${tx('a')}/status`);
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
    fakes.list[0]!.broadcast(tx('b'), [{ address: segwitKey }, { address: null }, { address: legacy }]);
    await checker().run();
    expect(await states()).toMatchObject({
      [`${segwitKey} Holder Airdrop`]: { state: 'unconfirmed' },
      [`${legacy} Holder Airdrop`]: { state: 'wrong_address' },
      [`${p2sh} Staking Season 1`]: { state: 'wrong_address' },
    });
  });

  it('reads the outputs of a final transaction again for a payout given it by --replace', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('7')},`, `${p2sh},Staking Season 1,${tx('8')},`);
    fakes.list[0]!.broadcast(tx('7'), [{ address: segwitKey }]);
    fakes.list[0]!.confirm(tx('7'), 899_000);
    const check = checker();
    await check.run();
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]).toEqual({ state: 'confirmed', block: 899_000, final: true });

    await recordPayouts(`${p2sh},Staking Season 1,${tx('7')},`);
    later(1_000);
    expect(await check.run()).toMatchObject({ checked: 1, requests: 1 });
    expect(fakes.list[0]!.requests.at(-1)).toBe(`/tx/${tx('7')}`);
    expect(await states()).toMatchObject({
      [`${segwitKey} Holder Airdrop`]: { state: 'confirmed', final: true },
      [`${p2sh} Staking Season 1`]: { state: 'wrong_address', final: true },
    });
  });

  it('says dropped only when a transaction once seen is unknown to every explorer', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('c')},`);
    fakes.list[0]!.broadcast(tx('c'), [{ address: segwitKey }]);
    const check = checker();
    await check.run();
    fakes.list[0]!.drop(tx('c'));
    fakes.list[1]!.broadcast(tx('c'), [{ address: segwitKey }]);
    later(2 * 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unconfirmed');
    fakes.list[1]!.drop(tx('c'));
    later(2 * 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('dropped');
  });

  it('says not_found only after PAYOUT_NOT_FOUND_HOURS without any explorer showing the transaction', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('d')},`);
    const check = checker({ perMinute: 1000 });
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unchecked');
    later(database.config.payouts.notFoundMs - 60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('unchecked');
    later(60_000);
    await check.run();
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('not_found');
  });

  it('keeps the last known state through 429s and outages, waits out Retry-After and backs off', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('e')},`);
    fakes.list.forEach((explorer) => explorer.broadcast(tx('e'), [{ address: segwitKey }]));
    const check = checker();
    await check.run();
    const seen = await states();
    fakes.list.forEach((explorer) => explorer.confirm(tx('e')));
    fakes.list[0]!.answerBusy(600);
    fakes.list[1]!.fail();
    later(2 * 60_000);
    expect(await check.run()).toMatchObject({ requests: 2, failedRequests: 2 });
    expect(await states()).toEqual(seen);

    // Both fakes.list recovered, but each is waited out: the first for its Retry-After, the second for its backoff.
    fakes.list.forEach((explorer) => explorer.recover());
    later(10_000);
    expect(await check.run()).toMatchObject({ requests: 0, outOfBudget: true });
    later(15_000);
    expect(await check.run()).toMatchObject({ requests: 1 });
    expect(fakes.list[1]!.requests.at(-1)).toBe(`/tx/${tx('e')}/status`);
    expect((await states())[`${segwitKey} Holder Airdrop`]!.state).toBe('confirmed');
  });

  it('never sends one explorer more than its budget in any minute', async () => {
    // Four transactions no explorer knows: each check asks both fakes.list once.
    const pairs = [`${segwitKey},Holder Airdrop`, `${legacy},Holder Airdrop`, `${p2sh},Staking Season 1`, `${segwitKey},Whale Bonus #1`];
    await recordPayouts(...pairs.map((pair, i) => `${pair},${tx(String(i + 2))},`));
    const check = checker({ perMinute: 3 });
    expect(await check.run()).toMatchObject({ checked: 3, outOfBudget: true });
    expect(fakes.list.map((explorer) => explorer.transactionRequests())).toEqual([3, 3]);
    later(30_000);
    expect(await check.run()).toMatchObject({ checked: 0, outOfBudget: true });
    expect(fakes.list.map((explorer) => explorer.transactionRequests())).toEqual([3, 3]);
    later(30_001);
    await check.run();
    expect(fakes.list.map((explorer) => explorer.transactionRequests())).toEqual([6, 6]);
  });

  it('checks each transaction once when two processes run at once (the advisory lock on PostgreSQL, the lock file on SQLite)', async () => {
    await recordPayouts(`${segwitKey},Holder Airdrop,${tx('f')},`, `${p2sh},Staking Season 1,${tx('1')},`);
    fakes.list[0]!.broadcast(tx('f'), [{ address: segwitKey }]);
    fakes.list[0]!.broadcast(tx('1'), [{ address: p2sh }]);
    // Slow answers keep the first run in its turn while the second asks for it.
    fakes.list[0]!.delayAnswers(300);
    const other = connectDatabase(database.config);
    try {
      const runs = await Promise.all([checker().run(), checker({ database: other.db }).run()]);
      expect(runs.filter((run) => run === 'busy')).toHaveLength(1);
      expect(fakes.list[0]!.requests.sort()).toEqual([`/tx/${tx('1')}`, `/tx/${tx('f')}`]);
    } finally {
      await other.db.destroy();
    }
  });
});
