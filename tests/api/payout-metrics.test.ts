import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startFakeExplorer } from '../../scripts/fake-explorer/fake-explorer.js';
import { importAllocationsFile, importPayoutsFile } from '../../server/features/imports/index.js';
import { projectRoot } from '../helpers/run-cli.js';
import { perTest, useTestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** The operator watches the payouts from /metrics: their states and the check's own requests. */

const token = 'metrics-token-for-payout-tests';
const explorer = perTest(async () => {
  const started = await startFakeExplorer();
  onTestFinished(() => started.close());
  return started;
});
const ctx = useTestApp(() => ({ METRICS_TOKEN: token, EXPLORER_API_URLS: explorer.base }));

async function scrape(): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('payouts in /metrics', () => {
  it('counts recorded payouts by state and the explorer requests of the check, failures apart', async () => {
    const { segwitKey, legacy, p2sh } = mainnetWallets;
    expect((await importAllocationsFile(ctx.app.db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'tge' })).ok).toBe(true);
    const file = path.join(ctx.config.dataDir, 'payouts.csv');
    fs.writeFileSync(file, `wallet_address,category,txid\n${segwitKey},Holder Airdrop,${'a'.repeat(64)}\n${legacy},Holder Airdrop,${'a'.repeat(64)}\n${p2sh},Staking Season 1,${'b'.repeat(64)}\n`);
    expect((await importPayoutsFile(ctx.app.db, file)).ok).toBe(true);

    const before = await scrape();
    expect(before).toContain('payouts{state="unchecked"} 3');
    expect(before).toContain('payout_check_requests_total 0');
    expect(before).toMatch(/payout_check_last_run_timestamp_seconds Nan/i);

    // Transaction a pays segwitKey, not legacy; no explorer knows b.
    explorer.broadcast('a'.repeat(64), [{ address: segwitKey }]);
    const run = await ctx.app.payoutCheck.run();
    expect(run).toMatchObject({ checked: 2 });
    const after = await scrape();
    expect(after).toContain('payouts{state="unconfirmed"} 1');
    expect(after).toContain('payouts{state="wrong_address"} 1');
    // b: unknown to the one explorer, and not yet 24 hours old.
    expect(after).toContain('payouts{state="unchecked"} 1');
    expect(after).toContain('payout_check_requests_total 2');
    expect(after).toContain('payout_check_request_failures_total 0');
    expect(after).toMatch(/payout_check_last_run_timestamp_seconds \d/);
  });
});
