import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createBackup } from '../../server/features/backups/backup.service.js';
import { answerDispute } from '../../server/features/disputes/disputes.service.js';
import { launchStateTtlMs, pause } from '../../server/features/launch/launch.service.js';
import { blockTheEventLoop } from '../helpers/block-event-loop.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import { startFakeUpstream } from '../../scripts/fake-x/fake-upstream.js';
import { startFakeX } from '../../scripts/fake-x/fake-x.js';
import { projectRoot } from '../helpers/run-cli.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { mainnetWallets } from '../helpers/wallets.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

const token = 'metrics-token-for-the-tests';
let ctx: TestApp | undefined;

/** An app listening on 127.0.0.1 with /metrics on; its base URL. */
async function startMetricsApp(now?: () => number, env: Record<string, string> = {}): Promise<string> {
  ctx = await build({ METRICS_TOKEN: token, ...env }, { now });
  await seedAllocationRecords(ctx.handle.db, [{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '34123' }]);
  return ctx.app.listen({ host: '127.0.0.1', port: 0 });
}

interface Scrape {
  families: PrometheusFamily[];
  /**
   * Every series with its own labels: the parser (prom2json's shape) folds a histogram's labelled
   * series into one sample, so the same text is parsed again without its TYPE lines.
   */
  series: PrometheusFamily[];
}

async function scrape(base: string): Promise<Scrape> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { families: parsePrometheusTextFormat(text), series: parsePrometheusTextFormat(text.replace(/^# TYPE .*\n/gm, '')) };
}

/** The family `name`, its samples gathered (untyped, a histogram's series come as one run per label set). */
function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const runs = families.filter((candidate) => candidate.name === name);
  if (runs.length === 0) throw new Error(`no metric ${name} in the scrape`);
  return { ...runs[0]!, metrics: runs.flatMap((run) => run.metrics) };
}

function value(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}): number {
  const sample = family(families, name).metrics.find((metric) =>
    Object.entries(labels).every(([key, wanted]) => metric.labels?.[key] === wanted),
  );
  if (!sample) throw new Error(`no ${name} sample with ${JSON.stringify(labels)}`);
  return Number(sample.value);
}

function lookup(base: string, walletAddress: string) {
  return fetch(`${base}/api/allocation/lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ walletAddress }),
  });
}

describe('GET /metrics', () => {
  it('does not exist when METRICS_TOKEN is unset', async () => {
    ctx = await build();
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 UNAUTHENTICATED without the token or with a wrong one', async () => {
    const base = await startMetricsApp();
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong-token-of-some-length' }, { authorization: token }];
    for (const headers of attempts) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'UNAUTHENTICATED', message: expect.any(String) });
    }
  });

  it('counts a lookup by outcome under its route pattern, with no wallet address in any label', async () => {
    const base = await startMetricsApp();
    expect((await lookup(base, mainnetWallets.taproot)).status).toBe(200);
    expect((await lookup(base, mainnetWallets.legacy)).status).toBe(200);
    expect((await fetch(`${base}/api/allocation/proof?address=${mainnetWallets.taproot}`)).status).not.toBe(500);
    expect((await fetch(`${base}/api/no-such-route/${mainnetWallets.taproot}`)).status).toBe(404);

    const { families, series } = await scrape(base);
    expect(value(families, 'allocation_lookups_total', { result: 'found' })).toBe(1);
    expect(value(families, 'allocation_lookups_total', { result: 'not_found' })).toBe(1);

    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM');
    const counts = family(series, 'http_request_duration_seconds_count').metrics;
    expect(counts.filter((metric) => metric.labels?.route === '/api/allocation/lookup')).toEqual([
      { labels: { method: 'POST', route: '/api/allocation/lookup', status: '200' }, value: '2' },
    ]);
    expect(counts.some((metric) => metric.labels?.route === 'unmatched' && metric.labels.status === '404')).toBe(true);

    const labelValues = series.flatMap((entry) => entry.metrics.flatMap((metric) => Object.values(metric.labels ?? {})));
    expect(labelValues.length).toBeGreaterThan(0);
    for (const address of [mainnetWallets.taproot, mainnetWallets.legacy]) {
      expect(labelValues.filter((label) => label.toLowerCase().includes(address.toLowerCase()))).toEqual([]);
    }
  });

  it('counts each distinct address of a lookup-many as one lookup by outcome', async () => {
    const base = await startMetricsApp();
    const walletAddresses = [mainnetWallets.taproot, mainnetWallets.legacy, mainnetWallets.taproot.toUpperCase(), ''];
    const response = await fetch(`${base}/api/allocation/lookup-many`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ walletAddresses }),
    });
    expect(response.status).toBe(200);
    const { families } = await scrape(base);
    expect(value(families, 'allocation_lookups_total', { result: 'found' })).toBe(1);
    expect(value(families, 'allocation_lookups_total', { result: 'not_found' })).toBe(1);
  });

  it('reports the database, shedding, reveal, pause, last backup and the process', async () => {
    let clock = Date.now();
    const base = await startMetricsApp(() => clock);
    await pause(ctx!.handle.db, 'checking the list');
    // Past the time each process keeps the launch state, so this one reads the pause.
    clock += launchStateTtlMs + 1;
    const { families } = await scrape(base);
    expect(value(families, 'database_reachable')).toBe(1);
    expect(value(families, 'database_outages_total')).toBe(0);
    expect(value(families, 'shedding_active')).toBe(0);
    expect(value(families, 'shed_requests_total')).toBe(0);
    expect(value(families, 'allocation_revealed')).toBe(1);
    expect(value(families, 'allocation_paused')).toBe(1);
    expect(value(families, 'backup_last_good_timestamp_seconds')).toBeNaN();
    expect(value(families, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('gives the time of the newest complete backup in BACKUP_DIR', async () => {
    const base = await startMetricsApp();
    const takenAt = Date.parse('2026-11-20T03:00:00Z');
    await createBackup(ctx!.config, { now: () => takenAt });
    const { families } = await scrape(base);
    expect(value(families, 'backup_last_good_timestamp_seconds')).toBe(takenAt / 1000);
  });

  it('counts requests shed while the event loop is saturated, and says shedding is on', async () => {
    const base = await startMetricsApp(undefined, { SHED_EVENT_LOOP_DELAY_MS: '50', SHED_SAMPLE_INTERVAL_MS: '100' });
    // Released when the test ends, before its app closes.
    onTestFinished(blockTheEventLoop());
    await vi.waitFor(() => expect(ctx!.app.shedding.active()).toBe(true), { timeout: 15_000, interval: 20 });
    expect((await lookup(base, mainnetWallets.taproot)).status).toBe(503);
    const during = await scrape(base);
    expect(value(during.families, 'shed_requests_total')).toBeGreaterThanOrEqual(1);
    expect(value(during.families, 'shedding_active')).toBe(1);
    const shedLookups = family(during.series, 'http_request_duration_seconds_count').metrics.filter(
      (metric) => metric.labels?.route === '/api/allocation/lookup' && metric.labels.status === '503',
    );
    expect(shedLookups).toHaveLength(1);
  });
});

/** Every label value of the scrape, to look for what must never be one. */
function labelValues(scrape: Scrape): string[] {
  return scrape.series.flatMap((entry) => entry.metrics.flatMap((metric) => Object.values(metric.labels ?? {})));
}

/** The one-hot state of an outside service: which of live, stale and unavailable is 1 (null: none yet). */
function upstreamState(families: PrometheusFamily[], source: string): string | null {
  const states = ['live', 'stale', 'unavailable'].filter((state) => value(families, 'upstream_state', { source, state }) === 1);
  expect(states.length).toBeLessThanOrEqual(1);
  return states[0] ?? null;
}

const tweetText =
  'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';

describe('GET /metrics: claims, disputes and outside services', () => {
  async function claimingApp() {
    const fakeX = await startFakeX();
    onTestFinished(() => fakeX.close());
    const base = await startMetricsApp(undefined, { ...fakeX.env, MINING_OPEN: 'true', UPSTREAM_TIMEOUT_MS: '400' });
    fakeX.setNextUser({ id: '7007', username: 'metricsposter', verifiedType: 'none' });
    const session = await loginCookie(ctx!.app, mainnetWallets.taproot);
    const { exchange } = await connectX(ctx!.app, session, mainnetWallets.taproot);
    expect(exchange.statusCode).toBe(200);
    const claimTweet = (tweetId: string) => {
      fakeX.addPost(tweetId, { authorId: '7007', text: tweetText, createdAt: new Date() });
      return requestTweetClaim(ctx!.app, session, {
        tweetText,
        isCustom: true,
        actualTweetUrl: `https://x.com/metricsposter/status/${tweetId}`,
        postingStartTime: Date.now() - 60_000,
      });
    };
    return { base, fakeX, session, claimTweet };
  }

  it('counts claims by kind and outcome (accepted or the refusal code), with no wallet, handle or post id in a label', async () => {
    const { base, session, claimTweet } = await claimingApp();
    const before = await scrape(base);
    expect(value(before.families, 'claims_total', { kind: 'tweet', outcome: 'accepted' })).toBe(0);
    expect(value(before.families, 'claims_total', { kind: 'meme', outcome: 'accepted' })).toBe(0);

    expect((await claimTweet('1790000000000000101')).statusCode).toBe(200);
    const early = await claimTweet('1790000000000000102');
    expect(early.json().error).toBe('TWEET_COOLDOWN_ACTIVE');
    const noMeme = await requestMemeClaim(ctx!.app, session, 'no-such-meme', '1790000000000000103');
    expect(noMeme.json().error).toBe('MEME_NOT_FOUND');

    const after = await scrape(base);
    expect(family(after.families, 'claims_total').type).toBe('COUNTER');
    expect(value(after.families, 'claims_total', { kind: 'tweet', outcome: 'accepted' })).toBe(1);
    expect(value(after.families, 'claims_total', { kind: 'tweet', outcome: 'TWEET_COOLDOWN_ACTIVE' })).toBe(1);
    expect(value(after.families, 'claims_total', { kind: 'meme', outcome: 'MEME_NOT_FOUND' })).toBe(1);
    expect(value(after.families, 'claims_total', { kind: 'meme', outcome: 'accepted' })).toBe(0);
    expect(upstreamState(after.families, 'x')).toBe('live');

    const secrets = [mainnetWallets.taproot, 'metricsposter', '7007', '17900000000000001', 'no-such-meme'];
    const labels = labelValues(after);
    for (const secret of secrets) {
      expect(labels.filter((label) => label.toLowerCase().includes(secret.toLowerCase()))).toEqual([]);
    }
  });

  it('says X is unavailable once it fails, and counts the claim it refused', async () => {
    const { base, fakeX, claimTweet } = await claimingApp();
    fakeX.setMode('tweets', 'fail');
    expect((await claimTweet('1790000000000000201')).json().error).toBe('X_UNAVAILABLE');
    const { families } = await scrape(base);
    expect(value(families, 'claims_total', { kind: 'tweet', outcome: 'X_UNAVAILABLE' })).toBe(1);
    expect(upstreamState(families, 'x')).toBe('unavailable');
  });

  it('gives the disputes by status from the database, and keeps the last counts when they cannot be read', async () => {
    const base = await startMetricsApp();
    const before = await scrape(base);
    expect(family(before.families, 'allocation_disputes').type).toBe('GAUGE');
    for (const status of ['open', 'answered', 'resolved']) expect(value(before.families, 'allocation_disputes', { status })).toBe(0);

    const { cookie } = await loginCookie(ctx!.app, mainnetWallets.taproot);
    const filed = await ctx!.app.inject({
      method: 'POST',
      url: '/api/allocation/disputes',
      headers: { cookie },
      payload: { message: 'Nothing arrived' },
    });
    expect(filed.statusCode).toBe(201);
    expect(value((await scrape(base)).families, 'allocation_disputes', { status: 'open' })).toBe(1);

    await answerDispute(ctx!.handle.db, filed.json().dispute.id, 'Your wallet held no acorn at the snapshot.');
    const answered = await scrape(base);
    expect(value(answered.families, 'allocation_disputes', { status: 'open' })).toBe(0);
    expect(value(answered.families, 'allocation_disputes', { status: 'answered' })).toBe(1);

    // The count fails (its table is gone): the scrape still answers, with the counts last read.
    await sql`alter table allocation_disputes rename to allocation_disputes_away`.execute(ctx!.handle.db);
    const unreadable = await scrape(base);
    expect(value(unreadable.families, 'allocation_disputes', { status: 'answered' })).toBe(1);
    expect(value(unreadable.families, 'database_reachable')).toBe(1);
    await sql`alter table allocation_disputes_away rename to allocation_disputes`.execute(ctx!.handle.db);
  });

  it('follows each outside service from live to stale (answering, then failing) and unavailable, named, never by URL', async () => {
    const upstream = await startFakeUpstream();
    onTestFinished(() => upstream.close());
    upstream.set('/height', { kind: 'text', body: '915000' });
    upstream.set('/v2/ord/btc/stat', { kind: 'text', body: 'down', status: 500 });
    let clock = Date.now();
    const base = await startMetricsApp(() => clock, {
      BLOCK_HEIGHT_URLS: `${upstream.url}/height`,
      MARKETPLACE_API_BASE: upstream.url,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    const untouched = await scrape(base);
    expect(upstreamState(untouched.families, 'block_explorer')).toBeNull();
    expect(upstreamState(untouched.families, 'marketplace')).toBeNull();

    expect((await fetch(`${base}/api/chain/tip-height`)).status).toBe(200);
    expect(upstreamState((await scrape(base)).families, 'block_explorer')).toBe('live');

    // Past its time to live with the explorer failing: the old height is served, marked stale.
    upstream.set('/height', { kind: 'text', body: 'down', status: 500 });
    clock += 30_001;
    expect((await fetch(`${base}/api/chain/tip-height`)).status).toBe(200);
    await vi.waitFor(async () => expect(upstreamState((await scrape(base)).families, 'block_explorer')).toBe('stale'));

    // Failing with nothing kept: unavailable.
    expect((await fetch(`${base}/api/nft/collection-stats/acorn-squirrels`)).status).toBe(502);
    const failed = await scrape(base);
    expect(upstreamState(failed.families, 'marketplace')).toBe('unavailable');
    expect(labelValues(failed).filter((label) => label.includes('127.0.0.1'))).toEqual([]);
    const sources = new Set(family(failed.families, 'upstream_state').metrics.map((metric) => metric.labels?.source));
    expect([...sources].sort()).toEqual(['block_explorer', 'marketplace']);
  });
});

/** docs/operations.md's "Metrics" section: its metric table and the table of `upstream_state`'s sources. */
function documentedMetrics() {
  const text = fs.readFileSync(path.join(projectRoot, 'docs/operations.md'), 'utf8');
  const section = text.slice(text.indexOf('\n## Metrics\n'), text.indexOf('\n### Alert rules\n'));
  const cells = (line: string) => line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim());
  // Each table by its header's first cell, its rows below the separator line.
  const tables = new Map<string, string[][]>();
  for (const block of section.split(/\n(?!\|)/).map((lines) => lines.split('\n').filter((line) => line.startsWith('|')))) {
    if (block.length > 2) tables.set(cells(block[0]!)[0]!, block.slice(2).map(cells));
  }
  const metrics = (tables.get('metric') ?? []).flatMap(([names = '', type = '']) =>
    [...names.matchAll(/`([a-z_*]+)(?:\{([a-z_,]+)\})?`/g)].map((match) => ({ name: match[1]!, labels: match[2]?.split(',') ?? [], type: type.toUpperCase() })),
  );
  const sources = (tables.get('`source`') ?? []).map(([name = '', , exported = '']) => ({
    source: name.replace(/`/g, ''),
    always: exported === 'always',
    variables: [...exported.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!),
    simulatedX: exported.includes('simulated X'),
  }));
  return { metrics, sources };
}

describe('GET /metrics against docs/operations.md', () => {
  it('exports every documented metric with its type and labels, and nothing undocumented', async () => {
    const { metrics } = documentedMetrics();
    expect(metrics.length).toBeGreaterThan(10);
    const base = await startMetricsApp();
    expect((await lookup(base, mainnetWallets.taproot)).status).toBe(200);
    const { families, series } = await scrape(base);

    const exported = new Map(families.map((entry) => [entry.name, entry]));
    const labelsOf = (name: string) => {
      const samples = series.filter((entry) => entry.name === name || entry.name === `${name}_count`).flatMap((entry) => entry.metrics);
      return [...new Set(samples.flatMap((metric) => Object.keys(metric.labels ?? {})))].filter((label) => label !== 'le').sort();
    };
    for (const documented of metrics.filter((metric) => !metric.name.endsWith('*'))) {
      expect(exported.get(documented.name)?.type, documented.name).toBe(documented.type);
      expect([documented.name, labelsOf(documented.name)]).toEqual([documented.name, [...documented.labels].sort()]);
    }
    const prefixes = metrics.filter((metric) => metric.name.endsWith('*')).map((metric) => metric.name.slice(0, -1));
    expect(prefixes.sort()).toEqual(['nodejs_', 'process_']);
    const undocumented = [...exported.keys()].filter((name) => !metrics.some((metric) => metric.name === name) && !prefixes.some((prefix) => name.startsWith(prefix)));
    expect(undocumented).toEqual([]);
  });

  it.each<{ setting: string; env: Record<string, string>; simulatedX?: boolean }>([
    { setting: 'no outside service configured', env: {} },
    { setting: 'the simulated X (a loopback start without X credentials)', env: { X_SIMULATED: 'true' }, simulatedX: true },
    {
      setting: 'X credentials, STAKING_STATS_URL and LLM_BASE_URL',
      env: { X_CLIENT_ID: 'client-id', STAKING_STATS_URL: 'http://127.0.0.1:9/staking', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'key' },
    },
  ])('labels upstream_state with the sources the docs say are exported: $setting', async ({ env, simulatedX = false }) => {
    const { sources } = documentedMetrics();
    expect(sources.map((entry) => entry.source).sort()).toEqual(['block_explorer', 'llm', 'marketplace', 'staking', 'x']);
    const base = await startMetricsApp(undefined, env);
    expect(ctx!.config.x.mode === 'simulated').toBe(simulatedX);
    const { families } = await scrape(base);
    const exported = new Set(family(families, 'upstream_state').metrics.map((metric) => metric.labels?.source));
    const expected = sources.filter(
      (entry) => entry.always || entry.variables.some((variable) => variable in env) || (entry.simulatedX && simulatedX),
    );
    expect([...exported].sort()).toEqual(expected.map((entry) => entry.source).sort());
  });
});
