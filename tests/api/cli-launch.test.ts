import { describe, expect, it } from 'vitest';
import { launchSettings } from '../../server/features/launch/launch.service.js';
import { useCliDatabase } from '../helpers/cli-database.js';
import { buildFakeUpstream } from '../helpers/fake-upstream.js';

const cli = useCliDatabase();

const launch = (args: string[]) => cli.run('launch', args);

describe('npm run launch and the audit log', () => {
  it('writes pause, resume, notice and reveal with the system user, the reason and the switches before and after', async () => {
    expect((await launch(['pause', '--reason', 'wrong list'])).code).toBe(0);
    expect((await launch(['resume'])).code).toBe(0);
    expect((await launch(['notice', '--en', 'Soon', '--zh', '即将'])).code).toBe(0);
    expect((await launch(['reveal-now'])).code).toBe(0);
    expect((await launch(['status'])).code).toBe(0);

    const entries = await cli.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, reason }) => ({ action, reason }))).toEqual([
      { action: 'launch.pause', reason: 'wrong list' },
      { action: 'launch.resume', reason: null },
      { action: 'launch.notice', reason: null },
      { action: 'launch.reveal-now', reason: null },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
    const [pause] = entries;
    expect(JSON.parse(pause!.before!).pause).toBeNull();
    expect(JSON.parse(pause!.after!).pause).toMatchObject({ reason: 'wrong list' });
  }, 120_000);
});

// The CLI reads the wall clock: a time years past and one decades ahead hold on any day these tests run.
const pastTime = '2025-12-01T15:00:00Z';
const futureTime = '2099-12-01T15:00:00Z';

const launchEntries = () => cli.db.selectFrom('audit_log').select(['action', 'before', 'after']).where('action', 'like', 'launch.%').execute();

describe('npm run launch -- reveal-at', () => {
  it('refuses a time already past without --now, saying it is in the past and what --now does, and stores nothing', async () => {
    const run = await launch(['reveal-at', pastTime]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('2025-12-01T15:00:00.000Z is in the past');
    expect(run.stderr).toContain('the allocation list would be public at once');
    expect(run.stderr).toContain('--now');
    expect(run.stdout).toBe('');
    expect(await launchSettings(cli.db)).toMatchObject({ revealSchedule: null, revealedAt: null });
    expect(await launchEntries()).toEqual([]);
  }, 60_000);

  it('takes a time already past with --now: the list is public at once, on the audit log', async () => {
    const run = await launch(['reveal-at', pastTime, '--now']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('allocation: revealed (at 2025-12-01T15:00:00.000Z)');
    expect((await launchSettings(cli.db)).revealSchedule).toEqual({ kind: 'time', at: '2025-12-01T15:00:00.000Z' });
    const [entry] = await launchEntries();
    expect(entry!.action).toBe('launch.reveal-at');
    expect(JSON.parse(entry!.after!).revealSchedule).toEqual({ kind: 'time', at: '2025-12-01T15:00:00.000Z' });
  }, 60_000);

  it('hides the list until a time still ahead as before, and refuses --now with it (the two say different things)', async () => {
    const refused = await launch(['reveal-at', futureTime, '--now']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('2099-12-01T15:00:00.000Z is still ahead');
    expect(refused.stderr).toContain('reveal-now');
    expect((await launchSettings(cli.db)).revealSchedule).toBeNull();

    const run = await launch(['reveal-at', futureTime]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('allocation: hidden until 2099-12-01T15:00:00.000Z');
    expect((await launchSettings(cli.db)).revealSchedule).toEqual({ kind: 'time', at: '2099-12-01T15:00:00.000Z' });
  }, 60_000);

  it('refuses a block the chain tip has reached unless --now, and takes a block ahead, or any block when no explorer answers', async () => {
    const explorer = await buildFakeUpstream({ '/height': { kind: 'text', body: '925010' } });
    const withTip = (args: string[]) => cli.run('launch', args, { BLOCK_HEIGHT_URLS: `${explorer.url}/height` });

    for (const height of ['925010', '925000']) {
      const refused = await withTip(['reveal-at', `block:${height}`]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is already reached (the chain tip is 925,010)');
      expect(refused.stderr).toContain('--now');
    }
    expect((await launchSettings(cli.db)).revealSchedule).toBeNull();

    const ahead = await withTip(['reveal-at', 'block:925011']);
    expect(ahead.code).toBe(0);
    expect(ahead.stdout).toContain('allocation: hidden until block 925,011');

    const reached = await withTip(['reveal-at', 'block:925000', '--now']);
    expect(reached.code).toBe(0);
    expect((await launchSettings(cli.db)).revealSchedule).toEqual({ kind: 'block', height: 925000 });

    // No explorer answers (run-cli's default): the tip is unknown, so the block is taken as given.
    const unknown = await launch(['reveal-at', 'block:925000']);
    expect(unknown.code).toBe(0);
    expect((await launchSettings(cli.db)).revealSchedule).toEqual({ kind: 'block', height: 925000 });
  }, 120_000);

  it('takes --now with reveal-at only, and no time at all is a usage error pointing at reveal-now', async () => {
    const pause = await launch(['pause', '--reason', 'checking', '--now']);
    expect(pause.code).toBe(2);
    expect(pause.stderr).toContain('--now applies to reveal-at');
    const alone = await launch(['reveal-at', '--now']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('reveal-now');
    expect(await launchEntries()).toEqual([]);
  }, 60_000);
});
