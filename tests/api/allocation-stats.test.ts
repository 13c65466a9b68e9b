import { describe, expect, it } from 'vitest';
import { allocationStatsCacheMs } from '../../server/features/allocation/allocation.routes.js';
import { allocationStatsScans } from '../../server/features/allocation/allocation-stats.service.js';
import { fromMicro, toMicro } from '../../shared/token-amount.js';
import { answerAfterChange } from '../helpers/answer-after-change.js';
import { build, useTestApp } from '../helpers/build-app.js';
import { seedAllocationRecords, seedPointsAllocations } from '../helpers/seed.js';
import { fakeWallet, mainnetWallets } from '../helpers/wallets.js';

const ctx = useTestApp();

const getStats = async (app = ctx.app) => app.inject({ method: 'GET', url: '/api/allocation/stats' });

type Row = { wallet: string; category: string; tokens: string };

/** Rows a few hundred at a time: SQLite binds at most 32,766 parameters per statement. */
async function seed(rows: Row[], db = ctx.handle.db): Promise<void> {
  for (let start = 0; start < rows.length; start += 1_000) await seedAllocationRecords(db, rows.slice(start, start + 1_000));
}

describe('GET /api/allocation/stats', () => {
  it('answers an empty list with zeros and no holders', async () => {
    const response = await getStats();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ totalTokens: 0, totalMicro: '0', walletCount: 0, recordCount: 0, categories: [], topHolders: [] });
  });

  it('sums the list exactly to the micro-token, per category, with its wallets and the top holders', async () => {
    const { taproot, segwitKey, legacy, p2sh } = mainnetWallets;
    await seed([
      { wallet: taproot, category: 'Holder Airdrop', tokens: '0.1' },
      { wallet: taproot, category: 'Holder Airdrop', tokens: '0.2' },
      { wallet: taproot, category: 'Whale Bonus #1', tokens: '1000.000001' },
      { wallet: segwitKey, category: 'Holder Airdrop', tokens: '0.000001' },
      { wallet: legacy, category: 'Public Sale', tokens: '1000.000001' },
      // The same total as the legacy wallet's: the address decides between them.
      { wallet: p2sh, category: 'Staking Season 1', tokens: '999.000001' },
      { wallet: p2sh, category: 'Holder Airdrop', tokens: '1' },
    ]);
    expect((await getStats()).json()).toEqual({
      totalTokens: 3000.300004,
      totalMicro: '3000300004',
      walletCount: 4,
      recordCount: 7,
      categories: [
        { category: 'Public Sale', tokens: 1000.000001, micro: '1000000001', walletCount: 1, recordCount: 1 },
        { category: 'Whale Bonus #1', tokens: 1000.000001, micro: '1000000001', walletCount: 1, recordCount: 1 },
        { category: 'Staking Season 1', tokens: 999.000001, micro: '999000001', walletCount: 1, recordCount: 1 },
        // Two records of one wallet count it once.
        { category: 'Holder Airdrop', tokens: 1.300001, micro: '1300001', walletCount: 3, recordCount: 4 },
      ],
      topHolders: [
        { walletAddress: taproot, tokens: 1000.300001, micro: '1000300001' },
        // Equal totals: by address (code units), so '1…' before '3…'.
        { walletAddress: legacy, tokens: 1000.000001, micro: '1000000001' },
        { walletAddress: p2sh, tokens: 1000.000001, micro: '1000000001' },
        { walletAddress: segwitKey, tokens: 0.000001, micro: '1' },
      ],
    });
  });

  it('reads a list of thousands of wallets across pages: every total exact, the 20 largest wallets in order', async () => {
    const categories = ['Holder Airdrop', 'Staking Season 2', 'Whale Bonus #2'];
    const rows: Row[] = [];
    for (let index = 0; index < 4_500; index += 1) {
      const wallet = `${fakeWallet('bc1q', 38)}${String(index).padStart(4, '0')}`;
      // 1 to 3 categories a wallet; amounts with micro-token fractions that floats would not add exactly.
      for (let c = 0; c <= index % 3; c += 1) rows.push({ wallet, category: categories[c]!, tokens: `${(index * 7919) % 100_000}.${String(index % 1_000_000).padStart(6, '0')}` });
    }
    await seed(rows);

    const micro = (tokens: string) => toMicro(tokens);
    const perWallet = new Map<string, bigint>();
    const perCategory = new Map<string, { micro: bigint; wallets: Set<string>; records: number }>();
    for (const row of rows) {
      perWallet.set(row.wallet, (perWallet.get(row.wallet) ?? 0n) + micro(row.tokens));
      const sums = perCategory.get(row.category) ?? { micro: 0n, wallets: new Set(), records: 0 };
      sums.micro += micro(row.tokens);
      sums.wallets.add(row.wallet);
      sums.records += 1;
      perCategory.set(row.category, sums);
    }
    const total = [...perWallet.values()].reduce((sum, value) => sum + value, 0n);
    const top = [...perWallet]
      .sort(([a, x], [b, y]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
      .slice(0, 20)
      .map(([walletAddress, value]) => ({ walletAddress, tokens: fromMicro(value), micro: String(value) }));

    const stats = (await getStats()).json();
    expect(stats.totalMicro).toBe(String(total));
    expect(stats.totalTokens).toBe(fromMicro(total));
    expect(stats.walletCount).toBe(4_500);
    expect(stats.recordCount).toBe(rows.length);
    expect(new Map(stats.categories.map((entry: { category: string }) => [entry.category, entry]))).toEqual(
      new Map(
        [...perCategory].map(([category, sums]) => [
          category,
          { category, tokens: fromMicro(sums.micro), micro: String(sums.micro), walletCount: sums.wallets.size, recordCount: sums.records },
        ]),
      ),
    );
    expect(stats.topHolders).toEqual(top);
  });

  it('keeps totals past 2^53 micro-tokens exact', async () => {
    // Ten wallets at the largest amount a row may hold: 9,999,999,999.99999 tokens in all.
    await seed(Array.from({ length: 10 }, (_, index) => ({ wallet: `bc1qmax${index}`, category: 'Holder Airdrop', tokens: '999999999.999999' })));
    const stats = (await getStats()).json();
    expect(stats.totalMicro).toBe('9999999999999990');
    expect(stats.categories[0].micro).toBe('9999999999999990');
    expect(stats.topHolders[0]).toEqual({ walletAddress: 'bc1qmax0', tokens: 999999999.999999, micro: '999999999999999' });
  });

  it('describes the allocation list only: a points list changes nothing in it', async () => {
    await seedPointsAllocations(ctx.handle.db, [{ wallet: mainnetWallets.taproot, points: 100, tokens: '5000' }]);
    expect((await getStats()).json()).toMatchObject({ totalMicro: '0', walletCount: 0, topHolders: [] });
  });

  it('answers 403 NOT_YET_REVEALED before the reveal, as the lookup does', async () => {
    const revealAt = new Date(Date.now() + 3_600_000).toISOString();
    const hidden = await build({ ALLOCATION_REVEAL_AT: revealAt });
    await seed([{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '1500' }], hidden.handle.db);
    const response = await getStats(hidden.app);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'NOT_YET_REVEALED', message: expect.any(String), revealsAt: revealAt, revealsAtBlock: null });
    const lookup = await hidden.app.inject({ method: 'POST', url: '/api/allocation/lookup', payload: { walletAddress: mainnetWallets.taproot } });
    expect(lookup.json()).toEqual(response.json());
  });
});

describe('GET /api/allocation/stats from memory', () => {
  it('reads the records once per change of the list, answers from memory for a few seconds, then the list as changed', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const clocked = await build({}, { now: () => now });
    const total = async () => (await getStats(clocked.app)).json().totalMicro as string;
    await seed([{ wallet: mainnetWallets.taproot, category: 'Holder Airdrop', tokens: '100' }], clocked.handle.db);
    const scans = allocationStatsScans();
    expect(await total()).toBe('100000000');
    const answers = await Promise.all(Array.from({ length: 20 }, () => total()));
    expect(new Set(answers)).toEqual(new Set(['100000000']));
    // Past its time the version is read again; the records are not, as they did not change.
    now += allocationStatsCacheMs;
    expect(await total()).toBe('100000000');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(allocationStatsScans()).toBe(scans + 1);

    await seed([{ wallet: mainnetWallets.legacy, category: 'Public Sale', tokens: '0.5' }], clocked.handle.db);
    now += allocationStatsCacheMs - 1;
    expect(await total()).toBe('100000000');
    // Past its time: the old answer once more while one read runs behind it, then the new one.
    now += 1;
    expect(await answerAfterChange(total, '100000000')).toBe('100500000');
    expect(allocationStatsScans()).toBe(scans + 2);
  });
});
