import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDemoData } from '../../server/features/demo/load-demo-data.js';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { revealAt } from '../../server/features/launch/launch.service.js';
import { useCliDatabase } from '../helpers/cli-database.js';

/**
 * The published list changes only on purpose: a file with no rows, a list that drops or lowers a holder
 * (per wallet, across every source) and a renamed file that would count holders twice are refused, each
 * as the operator meets it, through `npm run import:allocations`. The list is hidden until a reveal far
 * ahead, as the launch steps have it before the imports, so no root is published yet (after one, every
 * change of the root also needs --after-reveal: the last test).
 */
const cli = useCliDatabase({ listHidden: true });

const header = 'wallet_address,category,tokens';
const csv = (...rows: string[]) => [header, ...rows].join('\n') + '\n';
const run = (...args: string[]) => cli.run('import:allocations', args);

const holder = (i: number) => madeUpWallet('taproot', `launch-${i}`);
/** 200 holders of the Holder Airdrop, holder i with i + 1 tokens: the list the reproductions start from. */
const launchRows = Array.from({ length: 200 }, (_, i) => `${holder(i)},Holder Airdrop,${i + 1}`);

const records = () => cli.db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro', 'source']).orderBy('id').execute();
const tableRoot = async () => (await computeAllocationRoot(cli.db)).root;
const printedRoot = (stdout: string, label = 'new root') => new RegExp(`${label.replace(/[()]/g, '\\$&')}:\\s+([0-9a-f]{64})\\n`).exec(stdout)?.[1];
const auditCount = async () => (await cli.db.selectFrom('audit_log').select('id').execute()).length;

describe('import:allocations refuses a file with no data rows', () => {
  it('refuses a header-only file with and without --replace (and in a dry run), and every holder keeps their record', async () => {
    expect((await run(cli.writeFile('launch.csv', csv(...launchRows)), '--source', 'launch')).code).toBe(0);
    const before = await records();
    const root = await tableRoot();
    const empty = cli.writeFile('header-only.csv', `${header}\n`);

    for (const flags of [[], ['--replace'], ['--dry-run'], ['--dry-run', '--replace']]) {
      const refused = await run(empty, '--source', 'launch', ...flags);
      expect(refused.code, flags.join(' ')).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr).toContain('error: header-only.csv has no data rows (only its header): an import never empties a source');
      expect(refused.stderr).toContain('npm run import:allocations -- --remove-source launch --replace');
      expect(refused.stderr).toMatch(/\nrefused \S*header-only\.csv; the database was not changed\n/);
    }
    // A file of blank lines after its header is no different.
    const blank = await run(cli.writeFile('blank.csv', `${header}\r\n\r\n\r\n`), '--source', 'launch', '--replace');
    expect(blank.code).toBe(1);
    expect(blank.stderr).toContain('blank.csv has no data rows');

    expect(await records()).toEqual(before);
    expect(await tableRoot()).toBe(root);
    expect(await auditCount()).toBe(1);
  }, 120_000);
});

describe('import:allocations refuses to remove a wallet or lower a total without --replace', () => {
  /**
   * launch: 200 holders. partners: holder 0 and 1 also hold Public Sale. The correction drops holders 0,
   * 2 and 3 from launch (0 keeps its partners record: lowered, not removed), lowers holder 4, raises
   * holder 5, moves holder 6's tokens to another category, and adds a holder.
   */
  const newcomer = madeUpWallet('segwit', 'newcomer');
  const corrected = () =>
    csv(
      ...launchRows.filter((_, i) => ![0, 2, 3, 4, 5, 6].includes(i)),
      `${holder(4)},Holder Airdrop,1`,
      `${holder(5)},Holder Airdrop,600`,
      `${holder(6)},Staking Season 1,7`,
      `${newcomer},Holder Airdrop,9`,
    );

  async function importLaunchAndPartners() {
    expect((await run(cli.writeFile('launch.csv', csv(...launchRows)), '--source', 'launch')).code).toBe(0);
    expect((await run(cli.writeFile('partners.csv', csv(`${holder(0)},Public Sale,50`, `${holder(1)},Public Sale,50`)))).code).toBe(0);
  }

  it('refuses the shrinking import, printing the whole-list counts and the difference as the dry run does; --replace takes it and prints the counts', async () => {
    await importLaunchAndPartners();
    const before = await records();
    const oldRoot = await tableRoot();
    const file = cli.writeFile('corrected.csv', corrected());

    const dry = await run(file, '--source', 'launch', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/whole list \(every source\), per wallet:\n\s+removed:\s+2 wallets \(no record left\)\n\s+lowered:\s+2 wallets \(total goes down\)\n/);
    expect(dry.stdout).toContain('note: this import needs --replace: it removes 2 wallets from the list (no record left) and lowers the total of 2 wallets');
    const announced = printedRoot(dry.stdout);

    const refused = await run(file, '--source', 'launch');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: this import would remove 2 wallets from the list (no record left) and lower the total of 2 wallets, counted per wallet across every source; run it again with --replace if that is the correction you mean',
    );
    expect(refused.stderr).toMatch(/\nrefused \S*corrected\.csv; the database was not changed\n/);
    // The difference, as the dry run prints it: the source's own rows, then the whole list.
    expect(refused.stdout).toContain('difference from the live rows of "launch":');
    expect(refused.stdout).toMatch(/added:\s+1 wallet\n/);
    expect(refused.stdout).toMatch(/removed:\s+3 wallets\n/);
    expect(refused.stdout).toMatch(/changed:\s+3 wallets\n/);
    expect(refused.stdout).toContain(`old root:         ${oldRoot}\n`);
    expect(printedRoot(refused.stdout)).toBe(announced);
    expect(refused.stdout).toMatch(/removed:\s+2 wallets \(no record left\)\n/);
    expect(refused.stdout).toContain(`removed  ${holder(2)}  3 -> -`);
    expect(refused.stdout).not.toContain('imported ');
    expect(await records()).toEqual(before);
    expect(await tableRoot()).toBe(oldRoot);
    expect(await auditCount()).toBe(2);

    const replaced = await run(file, '--source', 'launch', '--replace');
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toContain('imported corrected.csv as source "launch"');
    expect(replaced.stdout).toMatch(/whole list:\s+2 wallets removed, 2 wallets lowered \(--replace\)\n/);
    expect(replaced.stdout).toMatch(new RegExp(`merkle root:\\s+${announced}\\n`));
    expect(await tableRoot()).toBe(announced);
    const held = new Set((await records()).map((row) => row.wallet_address));
    expect([0, 1, 2, 3, 4].map((i) => held.has(holder(i)))).toEqual([true, true, false, false, true]);
    const [entry] = await cli.db.selectFrom('audit_log').select(['after']).where('target', '=', 'launch').orderBy('id', 'desc').limit(1).execute();
    expect(JSON.parse(entry!.after!)).toMatchObject({ replace: true, removedWallets: 2, loweredWallets: 2 });
  }, 120_000);

  it('takes without --replace a correction that only adds, raises or moves tokens between categories', async () => {
    await importLaunchAndPartners();
    const grown = [
      ...launchRows.filter((_, i) => i !== 6 && i !== 7),
      `${holder(6)},Staking Season 1,7`,
      `${holder(7)},Holder Airdrop,80`,
      `${newcomer},Holder Airdrop,9`,
    ];
    const imported = await run(cli.writeFile('grown.csv', csv(...grown)), '--source', 'launch');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).not.toContain('whole list:');
    // Holder 0 leaving launch lowers its total though partners, just raised, still holds it.
    const moved = csv(...grown.filter((row) => !row.startsWith(`${holder(0)},`)));
    cli.writeFile('partners.csv', csv(`${holder(0)},Public Sale,51`, `${holder(1)},Public Sale,50`));
    expect((await run(path.join(cli.config.dataDir, 'partners.csv'))).code).toBe(0);
    const dropped = await run(cli.writeFile('moved.csv', moved), '--source', 'launch');
    expect(dropped.code).toBe(1);
    expect(dropped.stderr).toContain('error: this import would lower the total of 1 wallet, counted per wallet across every source');
  }, 120_000);

  it('counts a wallet per the whole list: dropped from one source while another still holds it is lowered, not removed', async () => {
    await importLaunchAndPartners();
    const result = await importAllocationsFile(cli.db, cli.writeFile('launch.csv', csv(...launchRows.slice(1))), { source: 'launch' });
    expect(result).toMatchObject({ ok: false, refused: 'shrinks', shrink: { removedWallets: 0, loweredWallets: 1 } });
    const replaced = await importAllocationsFile(cli.db, path.join(cli.config.dataDir, 'launch.csv'), { source: 'launch', replace: true });
    expect(replaced).toMatchObject({ ok: true, rows: 199, listChange: { removedWallets: 0, loweredWallets: 1 } });
  });
});

describe('import:allocations refuses a (wallet, category) pair held under another source', () => {
  it('refuses a renamed file (its source defaults to the file name) whatever the flags, naming the pairs and their source', async () => {
    const list = csv(...launchRows);
    expect((await run(cli.writeFile('list.csv', list))).code).toBe(0);
    const before = await records();
    const renamed = cli.writeFile('list-v2.csv', list);

    for (const flags of [[], ['--replace'], ['--dry-run']]) {
      const refused = await run(renamed, ...flags);
      expect(refused.code, flags.join(' ')).toBe(1);
      expect(refused.stderr).toContain(
        'error: 200 rows of list-v2.csv name a (wallet, category) pair already held under another source; imported as source "list-v2.csv", each of those holders would be counted twice:',
      );
      // The first ten pairs by wallet, each with the source holding it.
      const named = refused.stderr.match(/\n {2}(bc1p\w+) {2}Holder Airdrop {2}\(source "list\.csv"\)/g) ?? [];
      expect(named).toHaveLength(10);
      expect(refused.stderr).toContain('... and 190 more');
      expect(refused.stderr).toContain('to correct a list, import it under its own source (--source NAME)');
      expect(refused.stderr).toMatch(/\nrefused \S*list-v2\.csv; the database was not changed\n/);
    }
    expect(await records()).toEqual(before);

    // One pair held elsewhere is enough; under its own source the same file replaces it.
    const one = await run(cli.writeFile('extra.csv', csv(`${holder(9)},Holder Airdrop,1`, `${holder(9)},Public Sale,1`)));
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('1 row of extra.csv names a (wallet, category) pair already held under another source');
    expect((await run(renamed, '--source', 'list.csv')).code).toBe(0);
    expect(await records()).toHaveLength(200);
  }, 120_000);
});

describe('import:allocations --remove-source', () => {
  it('drops a source only with --replace, prints what it removes, and publishes the root its dry run printed', async () => {
    expect((await run(cli.writeFile('launch.csv', csv(...launchRows)), '--source', 'launch', '--as-of-block', '900000')).code).toBe(0);
    const extra = madeUpWallet('p2sh', 'partner-only');
    expect((await run(cli.writeFile('partners.csv', csv(`${holder(0)},Public Sale,50`, `${extra},Public Sale,5`)), '--as-of-block', '900100')).code).toBe(0);
    const before = await records();

    const refused = await run('--remove-source', 'partners.csv');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error: removing source "partners.csv" would remove 1 wallet from the list (no record left) and lower the total of 1 wallet');
    expect(refused.stderr).toContain('refused --remove-source partners.csv; the database was not changed');
    expect(refused.stdout).toContain('difference from the live rows of "partners.csv":');
    expect(refused.stdout).toMatch(/removed:\s+2 wallets\n/);
    expect(await records()).toEqual(before);

    const dry = await run('--remove-source', 'partners.csv', '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('checked (dry run, nothing written) the removal of source "partners.csv"');
    expect(dry.stdout).toContain('note: this removal needs --replace');
    const announced = printedRoot(dry.stdout);
    expect(announced).toMatch(/^[0-9a-f]{64}$/);

    const removed = await run('--remove-source', 'partners.csv', '--replace');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('removed source "partners.csv"');
    expect(removed.stdout).toMatch(/rows:\s+2\n/);
    expect(removed.stdout).toMatch(/whole list:\s+1 wallet removed, 1 wallet lowered \(--replace\)\n/);
    expect(removed.stdout).toMatch(new RegExp(`merkle root:\\s+${announced}\\n`));
    expect(await tableRoot()).toBe(announced);
    expect(await records()).toEqual(before.filter((row) => row.source !== 'partners.csv'));
    expect(await cli.db.selectFrom('allocation_snapshots').select('source').execute()).toEqual([{ source: 'launch' }]);
    const [entry] = await cli.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(entry).toMatchObject({ action: 'import.remove-source', target: 'partners.csv' });
    expect(JSON.parse(entry!.after!)).toMatchObject({ root: announced, removedRows: 2, removedWallets: 1, loweredWallets: 1 });

    const unknown = await run('--remove-source', 'partners.csv', '--replace');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error: no allocation records or snapshot under source "partners.csv"');
  }, 120_000);

  it('takes no file and none of the file options, and never the demo source', async () => {
    for (const args of [
      ['--remove-source', 'launch', 'list.csv'],
      ['--remove-source', 'launch', '--source', 'x'],
      ['--remove-source', 'launch', '--as-of-block', '5'],
      ['--remove-source', 'demo', '--replace'],
    ]) {
      const refused = await run(...args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain('Usage: npm run import:allocations');
    }
    expect((await cli.run('import:points', ['--remove-source', 'x'])).code).toBe(2);
    expect((await cli.run('import:points', ['x.csv', '--replace'])).code).toBe(2);
  }, 120_000);
});

describe('the dry run prints the root the same import publishes when run next', () => {
  it('without demo rows, and with them: after demo:remove (labelled so), or beside them with --keep-demo', async () => {
    const list = cli.writeFile('list.csv', csv(...launchRows));
    const plain = await run(list, '--source', 'launch', '--dry-run');
    expect(plain.code).toBe(0);
    const first = printedRoot(plain.stdout);
    expect((await run(list, '--source', 'launch')).code).toBe(0);
    expect(await tableRoot()).toBe(first);
    expect((await run('--remove-source', 'launch', '--replace')).code).toBe(0);

    expect(await loadDemoData(cli.db)).toBe('loaded');
    const kept = await run(list, '--source', 'launch', '--dry-run', '--keep-demo');
    expect(kept.stdout).not.toContain('after demo:remove');
    const beside = printedRoot(kept.stdout);
    const withDemo = await run(list, '--source', 'launch', '--dry-run');
    expect(withDemo.code).toBe(0);
    const afterRemoval = printedRoot(withDemo.stdout, 'new root (after demo:remove)');
    expect(afterRemoval).toBe(first);
    expect(beside).not.toBe(afterRemoval);

    expect((await run(list, '--source', 'launch', '--keep-demo')).code).toBe(0);
    expect(await tableRoot()).toBe(beside);
    expect((await run('--remove-source', 'launch', '--replace', '--keep-demo')).code).toBe(0);
    expect((await cli.run('demo:remove', [])).code).toBe(0);
    const imported = await run(list, '--source', 'launch');
    expect(imported.stdout).toMatch(new RegExp(`merkle root:\\s+${afterRemoval}\\n`));
  }, 180_000);
});

describe('a published list', () => {
  it('changes by --remove-source only with --replace and --after-reveal --reason both', async () => {
    await revealAt(cli.db, { kind: 'time', at: '2020-01-01T00:00:00.000Z' });
    expect((await run(cli.writeFile('launch.csv', csv(...launchRows)), '--source', 'launch')).code).toBe(0);
    expect((await run(cli.writeFile('partners.csv', csv(`${madeUpWallet('p2sh', 'partner')},Public Sale,5`)), '--after-reveal', '--reason', 'partners added')).code).toBe(0);
    const published = await tableRoot();

    const unpublished = await run('--remove-source', 'partners.csv', '--replace');
    expect(unpublished.code).toBe(1);
    expect(unpublished.stderr).toContain(`is public with the root ${published}`);
    expect(unpublished.stderr).toContain('this removal would change the root');
    const shrinking = await run('--remove-source', 'partners.csv', '--after-reveal', '--reason', 'partners left');
    expect(shrinking.code).toBe(1);
    expect(shrinking.stderr).toContain('would remove 1 wallet from the list');
    expect(await tableRoot()).toBe(published);

    const removed = await run('--remove-source', 'partners.csv', '--replace', '--after-reveal', '--reason', 'partners left');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain('correction after the reveal');
    expect(removed.stdout).toContain('reason: partners left');
    expect(await records()).toHaveLength(200);
  }, 120_000);
});
