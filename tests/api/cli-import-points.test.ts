import { describe, expect, it } from 'vitest';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { importPointsFile } from '../../server/features/imports/index.js';
import { readPointsStats } from '../../server/features/point-allocations/point-allocations-stats.repository.js';
import { useCliDatabase } from '../helpers/cli-database.js';
import { fixture } from '../helpers/run-cli.js';
import { mainnetWallets } from '../helpers/wallets.js';


const cli = useCliDatabase();

async function storedAllocations() {
  return cli.db
    .selectFrom('points_allocations')
    .select(['wallet_address', 'final_points', 'allocated_micro', 'source'])
    .orderBy('wallet_address')
    .execute();
}

const runScript = (args: string[]) => cli.run('import:points', args);

const first = madeUpWallet('legacy', 'first');
const second = madeUpWallet('legacy', 'second');

describe('importPointsFile', () => {
  it('imports a good file exactly and refreshes the allocation stats in the same write', async () => {
    const result = await importPointsFile(cli.db, fixture('points-good.csv'));
    expect(result).toEqual({
      ok: true,
      source: 'points-good.csv',
      rows: 3,
      wallets: 3,
      totalMicro: 1_500_833_333n,
      totalPoints: 451n,
      categories: null,
      replacedRows: 0,
      demoRows: null,
      dryRun: false,
    });
    expect(await storedAllocations()).toEqual([
      { wallet_address: mainnetWallets.legacy, final_points: 150, allocated_micro: 500_500_000, source: 'points-good.csv' },
      { wallet_address: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', final_points: 300, allocated_micro: 1_000_000_000, source: 'points-good.csv' },
      { wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', final_points: 1, allocated_micro: 333_333, source: 'points-good.csv' },
    ]);
    expect(await readPointsStats(cli.db)).toEqual({ totalAllocations: 3, totalTokensMicro: 1_500_833_333, totalPoints: 451 });
  });

  it('rejects bad rows and a wallet repeated in the file on its second line, writing nothing', async () => {
    const result = await importPointsFile(cli.db, fixture('points-bad.csv'));
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 3, message: 'final_points "2.5" is not a non-negative whole number' },
        { line: 5, message: 'duplicate wallet_address, first seen on line 2' },
        {
          line: 6,
          message:
            'final_points "-1" is not a non-negative whole number; allocated_tokens "x" is not a non-negative amount with at most 6 decimals (like 1234.5)',
        },
        { line: 7, message: 'final_points 99999999999999999 is too large' },
      ],
    });
    expect(await storedAllocations()).toEqual([]);
    expect(await readPointsStats(cli.db)).toEqual({ totalAllocations: 0, totalTokensMicro: 0, totalPoints: 0 });
  });

  it('rejects a wallet that already has an allocation from another source, naming the line and that source', async () => {
    await importPointsFile(cli.db, fixture('points-good.csv'), { source: 'season-1' });
    const file = cli.writeFile('late.csv', `wallet_address,final_points,allocated_tokens\n${first},1,1\nbc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq,2,2\n`);
    const result = await importPointsFile(cli.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          message: 'wallet_address bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq already has a points allocation from source "season-1"',
        },
      ],
    });
    expect(await storedAllocations()).toHaveLength(3);
  });

  it('re-importing a source replaces its rows and the stats follow the new values', async () => {
    const file = cli.writeFile('points.csv', `wallet_address,final_points,allocated_tokens\n${first},10,100\n${second},20,200\n`);
    await importPointsFile(cli.db, file);
    cli.writeFile('points.csv', `wallet_address,final_points,allocated_tokens\n${first},11,110.5\n`);
    const result = await importPointsFile(cli.db, file);
    expect(result).toMatchObject({ ok: true, rows: 1, replacedRows: 2 });
    expect(await storedAllocations()).toEqual([
      { wallet_address: first, final_points: 11, allocated_micro: 110_500_000, source: 'points.csv' },
    ]);
    expect(await readPointsStats(cli.db)).toEqual({ totalAllocations: 1, totalTokensMicro: 110_500_000, totalPoints: 11 });
  });

  it('rejects a wallet failing its checksum unless allowUncheckedAddresses', async () => {
    const typo = '1A1zP1eP5QGefi2DMPTfTL5SGmv7DivfNa';
    const file = cli.writeFile('typo.csv', `wallet_address,final_points,allocated_tokens\n${first},1,1\n${typo},2,2\n`);
    expect(await importPointsFile(cli.db, file)).toEqual({
      ok: false,
      errors: [{ line: 3, message: `wallet_address ${typo} fails its base58check checksum (a typo or a cut-off address?)` }],
    });
    expect(await storedAllocations()).toEqual([]);
    expect(await importPointsFile(cli.db, file, { allowUncheckedAddresses: true })).toMatchObject({ ok: true, rows: 2 });
  });

  it('a dry run validates and counts without writing', async () => {
    const result = await importPointsFile(cli.db, fixture('points-good.csv'), { dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, rows: 3, replacedRows: 0 });
    expect(await storedAllocations()).toEqual([]);
  });
});

describe('npm run import:points', () => {
  it('imports a file with exit code 0 and reports the replaced rows on a re-import', async () => {
    expect((await runScript([fixture('points-good.csv')])).code).toBe(0);
    const again = await runScript([fixture('points-good.csv')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/points:\s+451\n/);
    expect(again.stdout).toMatch(/tokens:\s+1500.833333\n/);
    expect(again.stdout).toMatch(/replaced:\s+3 earlier rows of this source/);
    expect(await storedAllocations()).toHaveLength(3);
  });

  it('exits 1 naming the bad lines, and 2 with the usage for an extra argument', async () => {
    const bad = await runScript([fixture('points-bad.csv')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('line 5: duplicate wallet_address, first seen on line 2');
    expect(bad.stderr).toContain('4 bad rows; the database was not changed');
    const extra = await runScript([fixture('points-bad.csv'), 'second.csv']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('Usage: npm run import:points');
    const category = await runScript([fixture('points-good.csv'), '--category', 'Partners']);
    expect(category.code).toBe(2);
    expect(category.stderr).toContain('--category applies to files with a category column');
  });
});
