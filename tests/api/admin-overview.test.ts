import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../server/app.js';
import { appendAudit, commandActor } from '../../server/features/audit/audit.service.js';
import { createBackup } from '../../server/features/backups/backup.service.js';
import { pruneLookupCounts } from '../../server/features/lookups/lookup-counts.service.js';
import { signedInAs } from '../helpers/admin-callers.js';
import { buildSecondApp, useTestApp } from '../helpers/build-app.js';
import { useFakeUpstream } from '../helpers/fake-upstream.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { loginCookie } from '../helpers/x-flow.js';

const minute = 60_000;
const day = 24 * 60 * minute;

const upstream = useFakeUpstream();
const ctx = useTestApp(() => ({ BLOCK_HEIGHT_URLS: `${upstream.url}/height`, UPSTREAM_TIMEOUT_MS: '300' }), { clock: () => Date.now() });
let other: Awaited<ReturnType<typeof buildSecondApp>>;
let cookie: string;

beforeEach(async () => {
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }]);
  ({ cookie } = await signedInAs(ctx, 'reviewer'));
});

/** A second app on the same database (its own connection), as a second server process. */
async function secondApp(): Promise<App> {
  other = await buildSecondApp(ctx, { now: () => ctx.clock });
  return other.app;
}

async function overview() {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/admin/overview', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const lookup = (app: App) => app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.taproot } });
const lookupMany = (app: App) =>
  app.inject({ method: 'POST', url: '/api/allocation/lookup-many', payload: { walletAddresses: [mainnetWallets.taproot, mainnetWallets.legacy] } });

describe('GET /api/admin/overview', () => {
  it('sums the lookups every app on the database counted, without a write per lookup, over the last 60 minutes', async () => {
    const b = await secondApp();
    expect((await lookup(ctx.app)).statusCode).toBe(200);
    expect((await lookup(ctx.app)).statusCode).toBe(200);
    expect((await lookup(b)).statusCode).toBe(200);
    expect((await lookupMany(b)).statusCode).toBe(200);
    // Counted in memory only: nothing is in the table until a process adds its counts.
    expect(await ctx.handle.db.selectFrom('lookup_counts').selectAll().execute()).toEqual([]);
    expect((await overview()).lookupsLastHour).toBe(0);

    await ctx.app.lookupCounts.flush();
    expect((await overview()).lookupsLastHour).toBe(2);
    // The other process adds its counts when it stops (and every few seconds while it runs).
    await other.close();
    expect((await overview()).lookupsLastHour).toBe(5);

    // A minute later the same minute's row grows; the older counts stay in the hour.
    ctx.clock += minute;
    await lookup(ctx.app);
    await ctx.app.lookupCounts.flush();
    expect((await overview()).lookupsLastHour).toBe(6);
    expect(await ctx.handle.db.selectFrom('lookup_counts').select('minute').execute()).toHaveLength(2);

    // The hour is the current minute and the 59 before it.
    ctx.clock += 29 * minute;
    expect((await overview()).lookupsLastHour).toBe(6);
    ctx.clock += 29 * minute;
    expect((await overview()).lookupsLastHour).toBe(6);
    ctx.clock += minute;
    expect((await overview()).lookupsLastHour).toBe(1);
    ctx.clock += minute;
    expect((await overview()).lookupsLastHour).toBe(0);

    // The janitor removes minutes a day old.
    expect(await pruneLookupCounts(ctx.handle.db, ctx.clock + day)).toBe(2);
    expect(await ctx.handle.db.selectFrom('lookup_counts').selectAll().execute()).toEqual([]);
  });

  it('keeps the counts a failed write could not add for the next one', async () => {
    await lookup(ctx.app);
    await ctx.handle.db.schema.alterTable('lookup_counts').renameTo('lookup_counts_away').execute();
    await expect(ctx.app.lookupCounts.flush()).rejects.toThrow();
    await ctx.handle.db.schema.alterTable('lookup_counts_away').renameTo('lookup_counts').execute();
    await lookup(ctx.app);
    await ctx.app.lookupCounts.flush();
    expect((await overview()).lookupsLastHour).toBe(2);
  });

  it('follows open disputes, claims since 00:00 UTC, the launch state and the upstreams', async () => {
    const before = await overview();
    expect(before).toMatchObject({
      openDisputes: 0,
      claimsToday: 0,
      lookupsLastHour: 0,
      databaseReachable: true,
      launch: { allocation: { revealed: true, revealsAt: null, revealsAtBlock: null }, pause: null, notice: null },
      lastBackup: null,
    });
    expect(before.upstreams).toContainEqual({ source: 'block_explorer', state: null });

    const holder = await loginCookie(ctx.app, mainnetWallets.taproot);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: '/api/allocation/disputes',
      headers: { cookie: holder.cookie },
      payload: { message: 'My airdrop looks short.' },
    });
    expect(filed.statusCode).toBe(201);

    const midnight = ctx.clock - (ctx.clock % day);
    const claim = (id: number, at: number) => ({
      user_id: holder.userId,
      tweet_id: String(1990000000000000000n + BigInt(id)),
      tweet_url: `https://x.com/holder/status/${1990000000000000000n + BigInt(id)}`,
      tweet_text: 'Acorns',
      is_custom: 0,
      points: 10,
      created_at: at,
      meme_id: null,
    });
    await ctx.handle.db.insertInto('tweet_claims').values([claim(1, midnight - 1), claim(2, midnight), claim(3, ctx.clock)]).execute();

    upstream.set('/height', { kind: 'text', body: 'down', status: 500 });
    await ctx.app.inject({ method: 'GET', url: '/api/chain/tip-height?onUnavailable=state' });

    const after = await overview();
    expect(after).toMatchObject({ openDisputes: 1, claimsToday: 2 });
    expect(after.upstreams).toContainEqual({ source: 'block_explorer', state: 'unavailable' });
  });

  it('names the last backup, who took it and whether its files are all there', async () => {
    ctx.clock = Date.UTC(2026, 10, 27, 6, 30, 0);
    const taken = await createBackup(ctx.config, { now: () => ctx.clock });
    const name = path.basename(taken.folder);
    await appendAudit(ctx.handle.db, commandActor('ops'), { action: 'backup', target: name, after: { id: taken.manifest.id } }, ctx.clock);
    // A fresh sign-in: the clock moved back before the reviewer's session.
    ({ cookie } = await signedInAs(ctx, 'reviewer'));

    expect((await overview()).lastBackup).toEqual({ at: new Date(ctx.clock).toISOString(), file: name, checked: true, by: 'cli:ops' });

    const file = taken.manifest.files.find((entry) => entry.path !== 'manifest.json')!;
    fs.rmSync(path.join(taken.folder, ...file.path.split('/')));
    expect((await overview()).lastBackup).toMatchObject({ file: name, checked: false });
  });

  it('reads the launch switches as stored, at once', async () => {
    const adminCookie = (await signedInAs(ctx, 'admin')).cookie;
    const paused = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/launch',
      headers: { cookie: adminCookie },
      payload: { command: 'pause', reason: 'Checking the list.' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect((await overview()).launch.pause).toEqual({ reason: 'Checking the list.', since: new Date(ctx.clock).toISOString() });
  });
});
