import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allocateFromPoints, allocationRatio } from '../../server/features/imports/allocate/allocate.service.js';
import { importPointsFile } from '../../server/features/imports/index.js';
import { splitByWeights } from '../../server/features/imports/allocate/split-by-weights.js';
import { readPointsStats } from '../../server/features/point-allocations/point-allocations-stats.repository.js';
import { useCliDatabase } from '../helpers/cli-database.js';


const cli = useCliDatabase();

/** Users in id order; `blocked` ones have blocked_at set. */
async function addUsers(users: Array<{ wallet: string; points: number; blocked?: boolean }>) {
  for (const [index, user] of users.entries()) {
    await cli.db
      .insertInto('users')
      .values({
        wallet_address: user.wallet,
        total_points: user.points,
        referral_code: null,
        blocked_at: user.blocked ? 1 : null,
        blocked_reason: null,
        created_at: index,
        last_login_at: index,
      })
      .execute();
  }
}

async function storedAllocations() {
  return cli.db
    .selectFrom('points_allocations')
    .select(['wallet_address', 'final_points', 'allocated_micro', 'source'])
    .orderBy('id')
    .execute();
}

const runScript = (args: string[]) => cli.run('allocate', args);

describe('allocateFromPoints', () => {
  it('splits the pool exactly by points, leaving out blocked users and users without points', async () => {
    await addUsers([
      { wallet: '1First', points: 1 },
      { wallet: '1Blocked', points: 50, blocked: true },
      { wallet: '1Second', points: 1 },
      { wallet: '1Zero', points: 0 },
      { wallet: '1Third', points: 1 },
    ]);
    const result = await allocateFromPoints(cli.db, { pool: '1000' });
    expect(result).toEqual({
      ok: true,
      source: 'allocate',
      users: 3,
      blockedUsersExcluded: 1,
      totalPoints: 3n,
      poolMicro: 1_000_000_000n,
      allocationRatio: '333.333',
      replacedRows: 0,
      dryRun: false,
    });
    // The one micro-token left over goes to the earliest user.
    expect(await storedAllocations()).toEqual([
      { wallet_address: '1First', final_points: 1, allocated_micro: 333_333_334, source: 'allocate' },
      { wallet_address: '1Second', final_points: 1, allocated_micro: 333_333_333, source: 'allocate' },
      { wallet_address: '1Third', final_points: 1, allocated_micro: 333_333_333, source: 'allocate' },
    ]);
    expect(await readPointsStats(cli.db)).toEqual({ totalAllocations: 3, totalTokensMicro: 1_000_000_000, totalPoints: 3 });
  });

  it('sums to the pool to the micro-token for uneven points', async () => {
    const points = [7, 13, 1, 999_983, 42, 5, 100_003];
    await addUsers(points.map((value, index) => ({ wallet: `1User${index}`, points: value })));
    await allocateFromPoints(cli.db, { pool: '69412725.85' });
    const rows = await storedAllocations();
    expect(rows.reduce((sum, row) => sum + row.allocated_micro, 0)).toBe(69_412_725_850_000);
    const stats = await readPointsStats(cli.db);
    expect(stats.totalTokensMicro).toBe(69_412_725_850_000);
  });

  it('running again replaces the earlier allocation instead of adding to it', async () => {
    await addUsers([
      { wallet: '1First', points: 10 },
      { wallet: '1Second', points: 30 },
    ]);
    await allocateFromPoints(cli.db, { pool: '100' });
    await cli.db.updateTable('users').set({ blocked_at: 5 }).where('wallet_address', '=', '1Second').execute();
    const again = await allocateFromPoints(cli.db, { pool: '100' });
    expect(again).toMatchObject({ ok: true, users: 1, blockedUsersExcluded: 1, replacedRows: 2 });
    expect(await storedAllocations()).toEqual([
      { wallet_address: '1First', final_points: 10, allocated_micro: 100_000_000, source: 'allocate' },
    ]);
  });

  it('refuses a malformed pool, a pool with nobody to share it, and wallets another source holds', async () => {
    expect(await allocateFromPoints(cli.db, { pool: '1.0000001' })).toMatchObject({ ok: false });
    expect(await allocateFromPoints(cli.db, { pool: '-5' })).toMatchObject({ ok: false });
    expect(await allocateFromPoints(cli.db, { pool: '100' })).toMatchObject({ ok: false });
    await addUsers([{ wallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', points: 3 }]);
    await importPointsFile(cli.db, fileURLToPath(new URL('../fixtures/points-good.csv', import.meta.url)));
    expect(await allocateFromPoints(cli.db, { pool: '100' })).toEqual({
      ok: false,
      errors: ['wallet 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa already has a points allocation from source "points-good.csv"'],
    });
    expect(await storedAllocations()).toHaveLength(3);
  });

  it('a dry run computes the summary without writing', async () => {
    await addUsers([{ wallet: '1First', points: 3 }]);
    const result = await allocateFromPoints(cli.db, { pool: '2', dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, allocationRatio: '0.667' });
    expect(await storedAllocations()).toEqual([]);
  });
});

describe('allocation maths', () => {
  it('splitByWeights gives leftover units to the largest remainders, ties to the earlier weight', () => {
    expect(splitByWeights(10n, [1n, 1n, 1n])).toEqual([4n, 3n, 3n]);
    expect(splitByWeights(10n, [1n, 2n, 4n])).toEqual([1n, 3n, 6n]);
    expect(splitByWeights(0n, [5n, 5n])).toEqual([0n, 0n]);
  });

  it('allocationRatio rounds half up to 3 decimals', () => {
    expect(allocationRatio(1_000_000_000n, 3n)).toBe('333.333');
    expect(allocationRatio(1_000_000n, 8n)).toBe('0.125');
    expect(allocationRatio(5n * 1000n, 1n)).toBe('0.005');
    expect(allocationRatio(2_000_000n, 3n)).toBe('0.667');
  });
});

describe('npm run allocate', () => {
  it('writes an allocation to the audit log with the system user, the rows replaced and written; a dry run writes nothing', async () => {
    await addUsers([
      { wallet: '1First', points: 3 },
      { wallet: '1Second', points: 1 },
    ]);
    expect((await runScript(['--pool', '100', '--dry-run'])).code).toBe(0);
    expect((await runScript(['--pool', '100'])).code).toBe(0);
    expect((await runScript(['--pool', '200'])).code).toBe(0);
    const entries = await cli.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, target, before, after }) => ({ action, target, before: JSON.parse(before!), after: JSON.parse(after!) }))).toEqual([
      { action: 'allocate', target: 'allocate', before: { rows: 0 }, after: { rows: 2, poolMicro: '100000000', totalPoints: '4' } },
      { action: 'allocate', target: 'allocate', before: { rows: 2 }, after: { rows: 2, poolMicro: '200000000', totalPoints: '4' } },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
  }, 90_000);

  it('writes the allocation and prints the ratio, users and pool with exit code 0', async () => {
    await addUsers([
      { wallet: '1First', points: 1 },
      { wallet: '1Second', points: 2 },
      { wallet: '1Blocked', points: 9, blocked: true },
    ]);
    const run = await runScript(['--pool', '1000']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/users counted:\s+2\n/);
    expect(run.stdout).toMatch(/blocked excluded:\s+1\n/);
    expect(run.stdout).toMatch(/allocationRatio:\s+333.333 tokens per point/);
    expect(run.stdout).toMatch(/pool:\s+1000 tokens/);
    expect((await storedAllocations()).map((row) => row.allocated_micro)).toEqual([333_333_333, 666_666_667]);
  });

  it('exits 2 with the usage when --pool is missing and 1 for a malformed pool', async () => {
    const missing = await runScript([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run allocate -- --pool TOKENS');
    const malformed = await runScript(['--pool', '1e6']);
    expect(malformed.code).toBe(1);
    expect(malformed.stderr).toContain('pool "1e6" is not a non-negative amount');
  });
});
