import { describe, expect, it } from 'vitest';
import { getStakingStats } from '../../server/features/settings/settings.repository.js';
import { parseLockedCount, setStakingLocked } from '../../server/features/staking/staking.service.js';
import { useCliDatabase } from '../helpers/cli-database.js';


const cli = useCliDatabase();

const runScript = (args: string[]) => cli.run('set-staking', args);

describe('setStakingLocked', () => {
  it('stores the locked count as the staking setting, overwriting the previous one', async () => {
    await setStakingLocked(cli.db, 10);
    expect(await setStakingLocked(cli.db, 1710)).toEqual({ lockedCount: 1710, collectionSize: 3420, percentLocked: 50 });
    expect((await getStakingStats(cli.db))?.value).toEqual({ lockedCount: 1710 });
  });

  it('accepts whole numbers from 0 to the collection size only', () => {
    expect(parseLockedCount('0')).toEqual({ ok: true, value: 0 });
    expect(parseLockedCount('3420')).toEqual({ ok: true, value: 3420 });
    for (const raw of ['3421', '-1', '1.5', 'abc', '']) expect(parseLockedCount(raw).ok).toBe(false);
  });

});

describe('npm run set-staking', () => {
  it('stores the value and prints the locked share', async () => {
    const run = await runScript(['--locked', '1000']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('locked 1000 of 3420 (29.24%)\n');
    expect((await getStakingStats(cli.db))?.value).toEqual({ lockedCount: 1000 });
  });

  it('writes each change to the audit log with the system user and the count before and after', async () => {
    expect((await runScript(['--locked', '1000'])).code).toBe(0);
    expect((await runScript(['--locked', '1200'])).code).toBe(0);
    const entries = await cli.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, before, after }) => ({ action, before, after }))).toEqual([
      { action: 'staking.set', before: null, after: '1000' },
      { action: 'staking.set', before: '1000', after: '1200' },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
  }, 60_000);

  it('exits 2 with the usage for a count above the collection size, storing nothing', async () => {
    const run = await runScript(['--locked', '3421']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--locked must be a whole number from 0 to 3420');
    expect(await getStakingStats(cli.db)).toBeNull();
  });
});
