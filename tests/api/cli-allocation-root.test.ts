import { describe, expect, it } from 'vitest';
import { listAllocationSnapshots } from '../../server/features/allocation/allocation-snapshots.repository.js';
import { useCliDatabase } from '../helpers/cli-database.js';
import { buildFakeUpstream } from '../helpers/fake-upstream.js';
import { fixture } from '../helpers/run-cli.js';

const merkleList = fixture('allocations-merkle.csv');
// The fixture's root (tests/api/allocation-proof.test.ts pins the same value).
const fixtureRoot = 'd172652b7f64fca071c321ed8c4442b76ec41392abad8ceca74c7cdc4404520c';

const cli = useCliDatabase();

const importFixture = (args: string[], env: Record<string, string> = {}) =>
  cli.run('import:allocations', [merkleList, '--source', 'snapshot', ...args], env);

/** The value of a `label: value` summary line. */
function summary(stdout: string, label: string): string | undefined {
  return stdout
    .split('\n')
    .find((line) => line.trim().startsWith(`${label}:`))
    ?.split(':')
    .slice(1)
    .join(':')
    .trim();
}

describe('import:allocations --as-of-block and allocation:root', () => {
  it('labels the import with the given block and prints the Merkle root, as allocation:root does', async () => {
    const imported = await importFixture(['--as-of-block', '921330']);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(summary(imported.stdout, 'as of block')).toBe('921,330');
    expect(summary(imported.stdout, 'merkle root')).toBe(fixtureRoot);
    expect(summary(imported.stdout, 'merkle leaves')).toBe('9');
    expect(await listAllocationSnapshots(cli.db)).toEqual([{ source: 'snapshot', asOfBlock: 921_330, importedAt: expect.any(Number) }]);

    const root = await cli.run('allocation:root', []);
    expect(root.code).toBe(0);
    expect(summary(root.stdout, 'merkle root')).toBe(fixtureRoot);
    expect(summary(root.stdout, 'merkle leaves')).toBe('9');
    expect(summary(root.stdout, 'as of block')).toBe('921,330');
  });

  it('defaults to the tip height from the configured explorer', async () => {
    const explorer = await buildFakeUpstream({ '/tip': { kind: 'text', body: '921330' } });
    const imported = await importFixture([], { BLOCK_HEIGHT_URLS: `${explorer.url}/tip` });
    expect(imported.code).toBe(0);
    expect(summary(imported.stdout, 'as of block')).toBe('921,330 (the current tip)');
    expect((await listAllocationSnapshots(cli.db))[0]?.asOfBlock).toBe(921_330);
  });

  it('records no block when no explorer answers, and says how to give one', async () => {
    const imported = await importFixture([]);
    expect(imported.code).toBe(0);
    expect(summary(imported.stdout, 'as of block')).toMatch(/^unknown .*--as-of-block N/);
    expect(summary(imported.stdout, 'merkle root')).toBe(fixtureRoot);
    expect((await listAllocationSnapshots(cli.db))[0]?.asOfBlock).toBeNull();
  });

  it('records nothing on a dry run', async () => {
    const checked = await importFixture(['--dry-run', '--as-of-block', '5']);
    expect(checked.code).toBe(0);
    expect(summary(checked.stdout, 'merkle root')).toBeUndefined();
    expect(await listAllocationSnapshots(cli.db)).toEqual([]);
  });

  it('refuses a block height that is not a whole number before reading the file, and the flag on import:points', async () => {
    const bad = await importFixture(['--as-of-block', '92.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--as-of-block');
    expect(await cli.db.selectFrom('allocation_records').select('id').execute()).toEqual([]);

    const points = await cli.run('import:points', [merkleList, '--as-of-block', '5']);
    expect(points.code).toBe(2);
    expect(points.stderr).toContain('--as-of-block applies to import:allocations');
  });

  it('prints no root for an empty table', async () => {
    const root = await cli.run('allocation:root', []);
    expect(root.code).toBe(0);
    expect(summary(root.stdout, 'merkle root')).toBe('none (no allocation records)');
    expect(summary(root.stdout, 'merkle leaves')).toBe('0');
  });
});
