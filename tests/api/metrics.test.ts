import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackup } from '../../server/features/backups/backup.service.js';
import { launchStateTtlMs, pause } from '../../server/features/launch/launch.service.js';
import { blockTheEventLoop } from '../helpers/block-event-loop.js';
import { seedAllocationRecords } from '../helpers/seed.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

const token = 'metrics-token-for-the-tests';
let ctx: TestContext | undefined;
let unblock: (() => void) | null = null;
afterEach(async () => {
  unblock?.();
  unblock = null;
  await ctx?.close();
  ctx = undefined;
});

/** An app listening on 127.0.0.1 with /metrics on; its base URL. */
async function startMetricsApp(now?: () => number, env: Record<string, string> = {}): Promise<string> {
  ctx = await createTestApp({ METRICS_TOKEN: token, ...env }, now ? { now } : {});
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
    ctx = await createTestApp();
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
    unblock = blockTheEventLoop();
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
