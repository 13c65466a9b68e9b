import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { connectDatabase } from '../../server/platform/db/connect.js';
import { countDemoRows } from '../../server/features/demo/demo-counts.js';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { testFolder } from '../helpers/backup-drill.js';
import { useCliDatabase } from '../helpers/cli-database.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

/** Issue part 1 from the command line: once a root is published, it changes only with --after-reveal --reason. */

const csv = (...rows: string[]) => ['wallet_address,category,tokens', ...rows].join('\n') + '\n';
const first = csv(`${mainnetWallets.segwitKey},Holder Airdrop,100`, `${mainnetWallets.legacy},Public Sale,50`);
const corrected = csv(`${mainnetWallets.segwitKey},Holder Airdrop,120`, `${mainnetWallets.legacy},Public Sale,50`);
const reason = 'one Holder Airdrop was 20 tokens short';

const cli = useCliDatabase();

const list = (content: string, name = 'allocations.csv') => cli.writeFile(name, content);
const importCli = (args: string[]) => cli.run('import:allocations', args);
const publishedRoots = () => cli.db.selectFrom('published_roots').selectAll().orderBy('id').execute();
const recordTokens = async () =>
  (await cli.db.selectFrom('allocation_records').select(['wallet_address', 'tokens_micro']).orderBy('wallet_address').execute()).map((row) => Number(row.tokens_micro));

describe('npm run import:allocations after the reveal', () => {
  it('says the first import with no reveal schedule is public; refuses a root-changing one without --after-reveal --reason, takes it with them', async () => {
    const published = await importCli([list(first), '--source', 'tge']);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toContain('no reveal schedule: this root is public now');
    const [root] = await publishedRoots();
    expect(published.stdout).toMatch(new RegExp(`merkle root: +${root!.root}`));

    const dry = await importCli([list(corrected), '--source', 'tge', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`after the reveal: the import changes the published root ${root!.root}`);
    expect(dry.stdout).toContain('it needs --after-reveal --reason');

    const refused = await importCli([list(corrected), '--source', 'tge']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`error: the allocation list is public with the root ${root!.root}`);
    expect(refused.stderr).toContain('run it again with --after-reveal --reason "why"');
    expect(refused.stderr).toContain('Nothing was changed.');
    expect(await recordTokens()).toEqual([50_000_000, 100_000_000]);
    expect(await publishedRoots()).toHaveLength(1);

    const half = await importCli([list(corrected), '--source', 'tge', '--after-reveal']);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain('--after-reveal needs --reason');

    const accepted = await importCli([list(corrected), '--source', 'tge', '--after-reveal', '--reason', reason]);
    expect(accepted.code, accepted.stderr).toBe(0);
    const [old, current] = await publishedRoots();
    expect(old).toMatchObject({ root: root!.root, replaced_by_root: current!.root, replaced_reason: reason });
    expect(current).toMatchObject({ replaced_at: null });
    expect(accepted.stdout).toContain(`correction after the reveal: the published root ${root!.root}`);
    expect(accepted.stdout).toContain(`is replaced by ${current!.root}`);
    expect(accepted.stdout).toContain(`  reason: ${reason}`);
    const entries = await cli.db.selectFrom('audit_log').selectAll().where('action', '=', 'import.allocations').orderBy('id').execute();
    expect(entries.map((entry) => [entry.reason, JSON.parse(entry.before ?? 'null')?.root ?? null, JSON.parse(entry.after!).root])).toEqual([
      [null, null, root!.root],
      [reason, root!.root, current!.root],
    ]);
  }, 120_000);

  it('keeps refusing after launch reveal-at hides the list again', async () => {
    expect((await importCli([list(first), '--source', 'tge'])).code).toBe(0);
    const hidden = await cli.run('launch', ['reveal-at', '2099-12-01T15:00:00Z']);
    expect(hidden.code, hidden.stderr).toBe(0);
    expect(hidden.stdout).toContain('allocation: hidden until 2099-12-01T15:00:00.000Z');
    const refused = await importCli([list(corrected), '--source', 'tge']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--after-reveal --reason');
    expect(await recordTokens()).toEqual([50_000_000, 100_000_000]);
  }, 90_000);
});

describe('npm run demo:remove after the reveal', () => {
  it('is refused when the published root holds demo records, and done with --after-reveal --reason', async () => {
    await loadDemoData(cli.db);
    const kept = await importAllocationsFile(cli.db, list(first), { keepDemo: true, source: 'tge' });
    expect(kept).toMatchObject({ ok: true, publication: { kind: 'published' } });

    const refused = await cli.run('demo:remove', []);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('removing the demo data set would change the root');
    expect((await countDemoRows(cli.db)).allocationRecords).toBeGreaterThan(0);

    const removed = await cli.run('demo:remove', ['--after-reveal', '--reason', 'the demo set was left beside the list']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('correction after the reveal');
    expect((await countDemoRows(cli.db)).allocationRecords).toBe(0);
    const roots = await publishedRoots();
    expect(roots.map((row) => row.replaced_reason)).toEqual(['the demo set was left beside the list', null]);
    const [entry] = await cli.db.selectFrom('audit_log').selectAll().where('action', '=', 'demo.remove').execute();
    expect(entry!.reason).toBe('the demo set was left beside the list');
  }, 90_000);
});

describe.skipIf(postgresUrl)('npm run restore over a published list (SQLite)', () => {
  it('refuses an older backup whose root is not the published one without --after-reveal --reason, and keeps the published roots with them', async () => {
    const backups = testFolder('acorn-backups-');
    const drill = testFolder('acorn-restore-');
    const backup = async () => {
      const run = await cli.run('backup', ['--to', backups]);
      expect(run.code, run.stderr).toBe(0);
      return /^backup written: (.+)$/m.exec(run.stdout)![1]!;
    };
    expect(await importAllocationsFile(cli.db, list(first), { source: 'tge' })).toMatchObject({ publication: { kind: 'published' } });
    const older = await backup();
    expect(await importAllocationsFile(cli.db, list(corrected), { source: 'tge', afterReveal: { reason } })).toMatchObject({ publication: { kind: 'corrected' } });
    const newer = await backup();
    const [a, b] = (await publishedRoots()).map((row) => row.root);

    // The live site, as the newer backup has it: its list was published with root b.
    const live = path.join(drill, 'data');
    expect((await cli.run('restore', [newer, '--data-dir', live])).code).toBe(0);

    const refused = await cli.run('restore', [older, '--data-dir', live, '--force']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`FAIL ${live} published the allocation root ${b}`);
    expect(refused.stdout).toContain(`this backup's is ${a}`);
    expect(refused.stdout).toContain('restore refused: nothing was changed');

    const restored = await cli.run('restore', [older, '--data-dir', live, '--force', '--after-reveal', '--reason', 'the correction was wrong']);
    expect(restored.code, restored.stdout).toBe(0);
    expect(restored.stdout).toContain(`ok   ${live} published the allocation root ${b}`);
    expect(restored.stdout).toContain(`correction after the reveal: the published root ${b}`);
    const copy = connectDatabase(loadConfig({ DATA_DIR: live, DATABASE_URL: '' }));
    try {
      const rows = await copy.db.selectFrom('published_roots').select(['root', 'replaced_by_root', 'replaced_reason']).orderBy('id').execute();
      expect(rows).toEqual([
        { root: a, replaced_by_root: b, replaced_reason: reason },
        { root: b, replaced_by_root: a, replaced_reason: 'the correction was wrong' },
        { root: a, replaced_by_root: null, replaced_reason: null },
      ]);
    } finally {
      await copy.db.destroy();
    }
  }, 180_000);
});
