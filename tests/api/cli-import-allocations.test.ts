import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { bech32 } from 'bech32';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteFile, sqliteHandleOf } from '../../server/platform/db/connect.js';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { computeAllocationRoot } from '../../server/features/allocation/allocation-tree.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { buildServer } from '../../scripts/server-build.js';
import { revealFarAhead, useCliDatabase } from '../helpers/cli-database.js';
import { fixture, projectRoot } from '../helpers/run-cli.js';
import { postgresUrl } from '../helpers/test-database.js';
import { mainnetWallets } from '../helpers/wallets.js';

// Hidden until a reveal far ahead, as the launch steps load the list: no root is published, so an import
// may change it without --after-reveal (published-roots.test.ts has the rest).
const cli = useCliDatabase({ listHidden: true });

const csv = (...rows: string[]) => ['wallet_address,category,tokens', ...rows].join('\n') + '\n';

/** Every record by wallet, then category: the order an import stores rows in carries no meaning. */
async function storedRecords() {
  const rows = await cli.db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro', 'source']).execute();
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return rows.sort((x, y) => byText(x.wallet_address, y.wallet_address) || byText(x.category, y.category));
}

const runScript = (args: string[]) => cli.run('import:allocations', args);

const a = madeUpWallet('segwit', 'a');
const b = madeUpWallet('taproot', 'b');

/** One character changed at the end: what a typo or a bad copy does to an address. */
const typo = (wallet: string) => wallet.slice(0, -1) + (wallet.endsWith('q') ? 'p' : wallet.endsWith('z') ? 'y' : 'q');
const broken = {
  taproot: typo(mainnetWallets.taproot),
  segwit: typo(mainnetWallets.segwitKey),
  p2sh: typo(mainnetWallets.p2sh),
  // The genesis address with one letter wrong (5SG for 5SL): it long sat in this project's test wallets.
  legacy: '1A1zP1eP5QGefi2DMPTfTL5SGmv7DivfNa',
  // A taproot program under the segwit v0 checksum (BIP 173 instead of BIP 350).
  taprootWithBech32: bech32.encode('bc', [1, ...bech32.toWords(new Uint8Array(32).fill(7))]),
};

describe('importAllocationsFile', () => {
  it('imports a good file with exact micro-token amounts, normalised wallets and totals per category', async () => {
    const result = await importAllocationsFile(cli.db, fixture('allocations-good.csv'));
    // The root the import built beside its write is the one read back from the whole table.
    const { root } = await computeAllocationRoot(cli.db);
    expect(root).toMatch(/^[0-9a-f]{64}$/);
    expect(result).toEqual({
      ok: true,
      source: 'allocations-good.csv',
      rows: 4,
      wallets: 3,
      totalMicro: 1_272_444_421_012n,
      totalPoints: null,
      categories: [
        { category: 'Holder Airdrop', rows: 2, totalMicro: 34_123_000_001n },
        { category: 'Staking Season 1', rows: 1, totalMicro: 1_234_567_891_011n },
        { category: 'Whale Bonus #1', rows: 1, totalMicro: 3_753_530_000n },
      ],
      replacedRows: 0,
      demoRows: null,
      dryRun: false,
      merkle: { root, leafCount: 4 },
      listChange: { removedWallets: 0, loweredWallets: 0 },
      publication: { kind: 'hidden', schedule: { kind: 'time', at: revealFarAhead } },
    });
    expect(await storedRecords()).toEqual([
      { wallet_address: mainnetWallets.legacy, category: 'Holder Airdrop', tokens_micro: 1, source: 'allocations-good.csv' },
      { wallet_address: mainnetWallets.p2sh, category: 'Staking Season 1', tokens_micro: 1_234_567_891_011, source: 'allocations-good.csv' },
      { wallet_address: mainnetWallets.segwitKey, category: 'Holder Airdrop', tokens_micro: 34_123_000_000, source: 'allocations-good.csv' },
      { wallet_address: mainnetWallets.segwitKey, category: 'Whale Bonus #1', tokens_micro: 3_753_530_000, source: 'allocations-good.csv' },
    ]);
  });

  it('rejects a file with bad rows, naming every bad physical line, and leaves the database unchanged', async () => {
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'), { source: 'allocations-bad.csv' });
    const before = await storedRecords();
    const result = await importAllocationsFile(cli.db, fixture('allocations-bad.csv'));
    expect(result.ok).toBe(false);
    if (result.ok || !('errors' in result)) return;
    // Line 4-5 is one row with a quoted line break, and line 7 is blank: later lines keep their file numbers.
    expect(result.errors.map((error) => error.line)).toEqual([3, 4, 6, 8, 9, 10, 11, 12]);
    expect(result.errors[0]!.message).toBe('wallet_address is empty');
    expect(result.errors[1]!.message).toMatch(/^unknown category "Notes spanning\\ntwo lines"/);
    expect(result.errors[2]!.message).toBe('category is empty');
    expect(result.errors[3]!.message).toMatch(/tokens "1.1234567" is not a non-negative amount with at most 6 decimals/);
    expect(result.errors[6]!.message).toBe('expected 3 fields, found 2');
    expect(result.errors[7]!.message).toMatch(/more than the total supply/);
    expect(await storedRecords()).toEqual(before);
  });

  it('rejects each bad row kind on its own line with its reason, and writes nothing', async () => {
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'), { source: 'earlier' });
    const before = await storedRecords();
    const file = cli.writeFile(
      'checks.csv',
      csv(
        `${a},Holder Airdorp,1`,
        `${a},Whale Bonus,1`,
        `${a},Whale Bonus #4,1`,
        `${broken.taproot},Holder Airdrop,1`,
        `${broken.segwit},Holder Airdrop,1`,
        `${broken.p2sh},Holder Airdrop,1`,
        `${broken.legacy},Holder Airdrop,1`,
        `${broken.taprootWithBech32},Holder Airdrop,1`,
        `${a},Public Sale,1`,
        `${b},Public Sale,2`,
        `${a.toUpperCase()},Public Sale,3`,
        'bc1qabc,Holder Airdrop,1',
      ),
    );
    const result = await importAllocationsFile(cli.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 2, message: expect.stringMatching(/^unknown category "Holder Airdorp" \(did you mean "Holder Airdrop"\?\); .*--category NAME/) },
        { line: 3, message: expect.stringMatching(/^category "Whale Bonus" names no whale bonus release: write "Whale Bonus #1", "Whale Bonus #2", "Whale Bonus #3"$/) },
        { line: 4, message: expect.stringMatching(/^category "Whale Bonus #4" names no whale bonus release/) },
        { line: 5, message: `wallet_address ${broken.taproot} fails its bech32m checksum (a typo or a cut-off address?)` },
        { line: 6, message: `wallet_address ${broken.segwit} fails its bech32 checksum (a typo or a cut-off address?)` },
        { line: 7, message: `wallet_address ${broken.p2sh} fails its base58check checksum (a typo or a cut-off address?)` },
        { line: 8, message: `wallet_address ${broken.legacy} fails its base58check checksum (a typo or a cut-off address?)` },
        { line: 9, message: `wallet_address ${broken.taprootWithBech32} fails its bech32m checksum (a typo or a cut-off address?)` },
        { line: 12, message: `wallet_address ${a} has category "Public Sale" twice in this file, on lines 10 and 12` },
        { line: 13, message: 'wallet_address "bc1qabc" is not a bc1p, bc1q, 3 or 1 mainnet address of a valid length' },
      ],
    });
    expect(await storedRecords()).toEqual(before);
  });

  it('rolls back a re-import whose only problem is a checksum, found while its rows were being written', async () => {
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'), { source: 'airdrop' });
    const before = await storedRecords();
    const good = Array.from({ length: 3000 }, (_, i) => `${madeUpWallet('taproot', `w${i}`)},Holder Airdrop,${i + 1}`);
    const file = cli.writeFile('late-refusal.csv', csv(...good.slice(0, 2500), `${broken.taproot},Public Sale,1`, ...good.slice(2500)));
    const result = await importAllocationsFile(cli.db, file, { source: 'airdrop' });
    expect(result).toEqual({
      ok: false,
      errors: [{ line: 2502, message: `wallet_address ${broken.taproot} fails its bech32m checksum (a typo or a cut-off address?)` }],
    });
    expect(await storedRecords()).toEqual(before);
  });

  it('names every problem of a row once: a checksum beside a bad category or amount, a broken wallet doubled', async () => {
    const file = cli.writeFile(
      'mixed.csv',
      csv(
        `${broken.segwit},Holder Airdorp,1`,
        `${broken.p2sh},Public Sale,-1`,
        `${broken.legacy},Public Sale,1`,
        `${broken.legacy},Public Sale,2`,
        `${a},Public Sale,1`,
        `${a},Public Sale,abc`,
      ),
    );
    const result = await importAllocationsFile(cli.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [
        { line: 2, message: expect.stringMatching(new RegExp(`^wallet_address ${broken.segwit} fails its bech32 checksum .*; unknown category "Holder Airdorp"`)) },
        { line: 3, message: expect.stringMatching(new RegExp(`^wallet_address ${broken.p2sh} fails its base58check checksum .*; tokens `)) },
        { line: 4, message: `wallet_address ${broken.legacy} fails its base58check checksum (a typo or a cut-off address?)` },
        { line: 5, message: `wallet_address ${broken.legacy} fails its base58check checksum (a typo or a cut-off address?)` },
        { line: 7, message: expect.stringMatching(/^tokens /) },
      ],
    });
    expect(await storedRecords()).toEqual([]);
  });

  it('takes unchecked addresses as given with allowUncheckedAddresses, and added categories with extraCategories', async () => {
    const file = cli.writeFile('loose.csv', csv(`${broken.legacy},Holder Airdrop,1`, 'bc1qAbc,Early Supporters,2', `${a},Early Supporters,3`));
    const strict = await importAllocationsFile(cli.db, file);
    expect(strict.ok).toBe(false);
    if (strict.ok || !('errors' in strict)) return;
    expect(strict.errors.map((error) => error.line)).toEqual([2, 3, 4]);

    const loose = await importAllocationsFile(cli.db, file, { allowUncheckedAddresses: true, extraCategories: ['Early Supporters'] });
    expect(loose).toMatchObject({ ok: true, rows: 3, wallets: 3 });
    expect((await storedRecords()).map((row) => [row.wallet_address, row.category])).toEqual([
      [broken.legacy, 'Holder Airdrop'],
      ['bc1qabc', 'Early Supporters'],
      [a, 'Early Supporters'],
    ]);
  });

  it('builds the root of the table from rows whose category is not ASCII', async () => {
    const file = cli.writeFile('cjk.csv', csv(`${a},早期支持者,1`, `${b},Holder Airdrop,2`, `${a},Holder Airdrop,3`));
    const result = await importAllocationsFile(cli.db, file, { extraCategories: ['早期支持者'] });
    const { root } = await computeAllocationRoot(cli.db);
    expect(result).toMatchObject({ ok: true, rows: 3, wallets: 2, merkle: { root, leafCount: 3 } });
  });

  it.skipIf(postgresUrl !== null)('takes the SQLite file alone for the load when it can, and always leaves it in WAL', async () => {
    const sqlite = sqliteHandleOf(cli.db)!;
    const journalMode = () => sqlite.pragma('journal_mode', { simple: true });
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'));
    expect(journalMode()).toBe('wal');

    // A reader in another connection keeps its snapshot through the import, which stays in WAL for it.
    const reader = new SQLite(sqliteFile(cli.config));
    try {
      reader.exec('begin');
      expect(reader.prepare('select count(*) as count from allocation_records').get()).toEqual({ count: 4 });
      const result = await importAllocationsFile(cli.db, cli.writeFile('beside.csv', csv(`${a},Holder Airdrop,1`)));
      expect(result).toMatchObject({ ok: true, rows: 1 });
      expect(reader.prepare('select count(*) as count from allocation_records').get()).toEqual({ count: 4 });
      reader.exec('commit');
      expect(reader.prepare('select count(*) as count from allocation_records').get()).toEqual({ count: 5 });
    } finally {
      reader.close();
    }

    // A late refusal rolls back and returns the file to WAL too.
    const late = Array.from({ length: 3000 }, (_, i) => `${madeUpWallet('taproot', `w${i}`)},Holder Airdrop,${i + 1}`);
    const refused = await importAllocationsFile(cli.db, cli.writeFile('late.csv', csv(...late, `${broken.taproot},Public Sale,1`)));
    expect(refused.ok).toBe(false);
    expect(journalMode()).toBe('wal');
    expect(await storedRecords()).toHaveLength(5);
  });

  it('reports a missing or unknown header column on line 1', async () => {
    const file = cli.writeFile('header.csv', `wallet_address,tokens,amount\n${a},1,2\n`);
    const result = await importAllocationsFile(cli.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          line: 1,
          message: 'unknown column "amount"; missing column "category" (the header must be wallet_address,category,tokens, in any order)',
        },
      ],
    });
  });

  it('rejects a file that is not valid CSV with the line of the unclosed quote', async () => {
    const file = cli.writeFile('unclosed.csv', csv(`${a},Holder Airdrop,1`, `${b},"Holder Airdrop,2`, `${a},Public Sale,3`));
    const result = await importAllocationsFile(cli.db, file);
    expect(result).toEqual({
      ok: false,
      errors: [{ line: 3, message: 'not valid CSV: a quoted field starting in this row is never closed' }],
    });
    expect(await storedRecords()).toEqual([]);
  });

  it('reads a BOM, CRLF line ends and quoted fields holding commas and quotes', async () => {
    const content = '\uFEFFtokens,"wallet_address",category\r\n"1,5" ,x,y\r\n';
    const bad = await importAllocationsFile(cli.db, cli.writeFile('bom-bad.csv', content));
    expect(bad.ok).toBe(false);
    const added = 'Airdrop, "early"';
    const good = `\uFEFFtokens,"wallet_address",category\r\n2.5,${a.toUpperCase()},"Airdrop, ""early"""\r\n\r\n"7",${mainnetWallets.legacy} , Holder Airdrop \r\n`;
    const result = await importAllocationsFile(cli.db, cli.writeFile('bom.csv', good), { extraCategories: [added] });
    expect(result).toMatchObject({ ok: true, rows: 2, totalMicro: 9_500_000n });
    expect(await storedRecords()).toEqual([
      { wallet_address: mainnetWallets.legacy, category: 'Holder Airdrop', tokens_micro: 7_000_000, source: 'bom.csv' },
      { wallet_address: a, category: added, tokens_micro: 2_500_000, source: 'bom.csv' },
    ]);
  });

  it('stores a category holding a backslash, a tab and a line end as written', async () => {
    const odd = 'Early\\Backers\tround 1\r\nand 2';
    const file = cli.writeFile('odd.csv', `wallet_address,category,tokens\n${a},"${odd}",1\n${b},Holder Airdrop,2\n`);
    expect(await importAllocationsFile(cli.db, file, { extraCategories: [odd] })).toMatchObject({ ok: true, rows: 2 });
    expect((await storedRecords()).map((row) => row.category).sort()).toEqual(['Holder Airdrop', odd].sort());
  });

  it('re-importing a source replaces its rows instead of doubling them and keeps other sources', async () => {
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'), { source: 'other' });
    const first = cli.writeFile('round.csv', csv(`${a},Holder Airdrop,1`, `${b},Holder Airdrop,2`));
    await importAllocationsFile(cli.db, first);
    const again = await importAllocationsFile(cli.db, first);
    expect(again).toMatchObject({ ok: true, rows: 2, replacedRows: 2 });
    // b leaves the list: a correction meant so, which only --replace writes.
    cli.writeFile('round.csv', csv(`${a},Holder Airdrop,10.5`));
    expect(await importAllocationsFile(cli.db, first)).toMatchObject({ ok: false, refused: 'shrinks', shrink: { removedWallets: 1, loweredWallets: 0 } });
    const changed = await importAllocationsFile(cli.db, first, { replace: true });
    expect(changed).toMatchObject({ ok: true, rows: 1, replacedRows: 2, totalMicro: 10_500_000n, listChange: { removedWallets: 1, loweredWallets: 0 } });
    const rows = await storedRecords();
    expect(rows.filter((row) => row.source === 'round.csv')).toEqual([
      { wallet_address: a, category: 'Holder Airdrop', tokens_micro: 10_500_000, source: 'round.csv' },
    ]);
    expect(rows.filter((row) => row.source === 'other')).toHaveLength(4);
  });

  it('a dry run checks the file and reports what it would replace without writing', async () => {
    await importAllocationsFile(cli.db, fixture('allocations-good.csv'));
    const before = await storedRecords();
    const file = cli.writeFile('allocations-good.csv', csv(`${a},Holder Airdrop,1`));
    const result = await importAllocationsFile(cli.db, file, { dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, rows: 1, replacedRows: 4 });
    expect(await storedRecords()).toEqual(before);
    if (!result.ok) return;
    // A new wallet comes and the three live ones go.
    expect(result.difference).toMatchObject({
      source: 'allocations-good.csv',
      liveRows: 4,
      candidateRows: 1,
      liveWallets: 3,
      candidateWallets: 1,
      added: 1,
      removed: 3,
      changed: 0,
      unchanged: 0,
      liveTotalMicro: '1272444421012',
      candidateTotalMicro: '1000000',
      oldRoot: (await computeAllocationRoot(cli.db)).root,
      more: 0,
    });
    expect(result.difference!.wallets.find((wallet) => wallet.wallet === a)).toEqual({
      wallet: a,
      kind: 'added',
      oldTotalMicro: null,
      newTotalMicro: '1000000',
      categories: [{ category: 'Holder Airdrop', oldMicro: null, newMicro: '1000000' }],
    });
  });
});

describe('npm run import:allocations', () => {
  it('writes each import to the audit log with the system user, the source, the rows and the root before and after; a dry run writes nothing', async () => {
    expect((await runScript([fixture('allocations-good.csv'), '--source', 'tge', '--dry-run'])).code).toBe(0);
    expect((await runScript([fixture('allocations-good.csv'), '--source', 'tge'])).code).toBe(0);
    expect((await runScript([fixture('allocations-good.csv'), '--source', 'tge'])).code).toBe(0);
    const entries = await cli.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(entries.map(({ action, target }) => ({ action, target }))).toEqual([
      { action: 'import.allocations', target: 'tge' },
      { action: 'import.allocations', target: 'tge' },
    ]);
    for (const entry of entries) expect(entry.actor).toMatch(/^cli:.+/);
    const first = JSON.parse(entries[0]!.after!);
    expect(first).toMatchObject({ rows: 4, file: 'allocations-good.csv' });
    expect(first.root).toMatch(/^[0-9a-f]{64}$/);
    expect(entries[0]!.before).toBeNull();
    expect(JSON.parse(entries[1]!.before!)).toEqual({ root: first.root, leafCount: first.leafCount });
  }, 120_000);

  it('runs compiled, as the npm script does, with its worker beside it: same checks, same root', async () => {
    // Built inside the project (the bundle finds the project root above itself), removed afterwards.
    const outdir = fs.mkdtempSync(path.join(projectRoot, 'dist-test-build-'));
    try {
      await buildServer(outdir);
      const command = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts['import:allocations'] as string;
      const nodeArgs = command.split('&&').at(-1)!.trim().split(/\s+/).slice(1, -1);
      const run = (args: string[]) =>
        new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
          execFile(process.execPath, [...nodeArgs, path.join(outdir, 'scripts/import-allocations.js'), ...args], {
            cwd: projectRoot,
            env: { ...process.env, DATA_DIR: cli.config.dataDir, DATABASE_URL: cli.config.databaseUrl ?? '' },
          }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }));
        });

      const refused = await run([cli.writeFile('typo.csv', csv(`${a},Holder Airdrop,1`, `${broken.segwit},Holder Airdrop,1`)), '--as-of-block', '5']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`line 3: wallet_address ${broken.segwit} fails its bech32 checksum`);
      expect(await storedRecords()).toEqual([]);

      const imported = await run([fixture('allocations-good.csv'), '--as-of-block', '5']);
      expect(imported.code).toBe(0);
      const { root: expected } = await computeAllocationRoot(cli.db);
      expect(imported.stdout).toMatch(new RegExp(`merkle root:\\s+${expected}\n`));
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  });

  it('imports a file and prints the summary with exit code 0', async () => {
    const run = await runScript([fixture('allocations-good.csv'), '--source', 'tge']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('imported allocations-good.csv as source "tge"');
    expect(run.stdout).toMatch(/rows:\s+4\n/);
    expect(run.stdout).toMatch(/wallets:\s+3\n/);
    expect(run.stdout).toMatch(/tokens:\s+1272444.421012\n/);
    expect(await storedRecords()).toHaveLength(4);
  });

  it('prints each progress step on its own line when the output is a pipe', async () => {
    const rows = Array.from({ length: 120_001 }, (_, i) => `${madeUpWallet('segwit', `w${i}`)},Holder Airdrop,1`);
    const run = await runScript([cli.writeFile('large.csv', `wallet_address,category,tokens\n${rows.join('\n')}\n`)]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('\r');
    const progress = run.stderr.split('\n').filter((line) => /rows/.test(line));
    expect(progress).toEqual([
      'checked 50,000 rows',
      'checked 100,000 rows',
      'checked 120,001 rows',
      'written 50,000 of 120,001 rows',
      'written 100,000 of 120,001 rows',
      'written 120,001 of 120,001 rows',
    ]);
  }, 60_000);

  it('a dry run prints the wallets and the totals per category, writing nothing', async () => {
    const run = await runScript([fixture('allocations-good.csv'), '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('checked (dry run, nothing written) allocations-good.csv');
    expect(run.stdout).toMatch(/wallets:\s+3\n/);
    expect(run.stdout).toMatch(/Holder Airdrop\s+2 wallets\s+34123.000001 tokens\n/);
    expect(run.stdout).toMatch(/Staking Season 1\s+1 wallet\s+1234567.891011 tokens\n/);
    expect(run.stdout).toMatch(/Whale Bonus #1\s+1 wallet\s+3753.53 tokens\n/);
    expect(await storedRecords()).toEqual([]);
  });

  it('a dry run prints the difference from the live rows of its source: wallets added, removed and changed, both roots, writing nothing', async () => {
    expect((await runScript([fixture('allocations-good.csv'), '--source', 'tge'])).code).toBe(0);
    const before = await storedRecords();
    const oldRoot = (await computeAllocationRoot(cli.db)).root!;
    // The whale bonus moves, the legacy wallet goes, a taproot wallet comes; the P2SH wallet stays.
    const corrected = cli.writeFile(
      'corrected.csv',
      csv(
        `${mainnetWallets.segwitKey},Holder Airdrop,34123`,
        `${mainnetWallets.segwitKey},Whale Bonus #1,4000`,
        `${mainnetWallets.p2sh},Staking Season 1,1234567.891011`,
        `${mainnetWallets.taproot},Holder Airdrop,10`,
      ),
    );
    const run = await runScript([corrected, '--source', 'tge', '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('checked (dry run, nothing written) corrected.csv as source "tge"');
    expect(run.stdout).toContain('difference from the live rows of "tge":');
    expect(run.stdout).toMatch(/added:\s+1 wallet\n/);
    expect(run.stdout).toMatch(/removed:\s+1 wallet\n/);
    expect(run.stdout).toMatch(/changed:\s+1 wallet\n/);
    expect(run.stdout).toMatch(/unchanged:\s+1 wallet\n/);
    expect(run.stdout).toMatch(/tokens:\s+1272444.421012 -> 1272700.891011\n/);
    expect(run.stdout).toContain(`old root:         ${oldRoot}\n`);
    const newRoot = /new root:\s+([0-9a-f]{64})\n/.exec(run.stdout)?.[1];
    expect(newRoot).toBeDefined();
    expect(newRoot).not.toBe(oldRoot);
    // By address: the legacy wallet, then the taproot one, then the segwit one.
    const listed = run.stdout.slice(run.stdout.indexOf('differing wallets'));
    expect(listed).toContain('differing wallets (all, by address; old -> new tokens):');
    expect(listed.indexOf(`removed  ${mainnetWallets.legacy}  0.000001 -> -`)).toBeGreaterThan(0);
    expect(listed.indexOf(`added    ${mainnetWallets.taproot}  - -> 10`)).toBeGreaterThan(listed.indexOf(mainnetWallets.legacy));
    expect(listed.indexOf(`changed  ${mainnetWallets.segwitKey}  37876.53 -> 38123`)).toBeGreaterThan(listed.indexOf(mainnetWallets.taproot));
    expect(listed).toContain('Whale Bonus #1: 3753.53 -> 4000');
    expect(listed).not.toContain(mainnetWallets.p2sh);
    // The legacy wallet has no other record: the correction needs --replace.
    expect(run.stdout).toMatch(/whole list \(every source\), per wallet:\n\s+removed:\s+1 wallet \(no record left\)\n\s+lowered:\s+0 wallets/);
    expect(run.stdout).toContain('note: this import needs --replace');
    expect(await storedRecords()).toEqual(before);
    expect(await cli.db.selectFrom('audit_log').select('id').execute()).toHaveLength(1);

    // --show caps the list, not the counts; the root it announced is the one the import then writes.
    const capped = await runScript([corrected, '--source', 'tge', '--dry-run', '--show', '1']);
    expect(capped.stdout).toContain('differing wallets (first 1, by address');
    expect(capped.stdout).toContain('... and 2 more wallets');
    expect(capped.stdout).toMatch(/changed:\s+1 wallet\n/);
    expect((await runScript([corrected, '--source', 'tge', '--replace'])).code).toBe(0);
    expect((await computeAllocationRoot(cli.db)).root).toBe(newRoot);
  }, 120_000);

  it('prints every bad line and exits 1 without touching the database', async () => {
    const run = await runScript([fixture('allocations-bad.csv')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    for (const line of [3, 4, 6, 8, 9, 10, 11, 12]) expect(run.stderr).toContain(`line ${line}: `);
    expect(run.stderr).toContain('allocations-bad.csv: 8 bad rows; the database was not changed');
    expect(await storedRecords()).toEqual([]);
  });

  it('--allow-unchecked-addresses and --category (repeatable) let a test file through', async () => {
    const file = cli.writeFile('loose.csv', csv(`${broken.segwit},Holder Airdrop,1`, `${a},Early Supporters,2`, `${a},Partners,3`));
    const strict = await runScript([file]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`line 2: wallet_address ${broken.segwit} fails its bech32 checksum`);
    expect(strict.stderr).toContain('line 3: unknown category "Early Supporters"');
    expect(strict.stderr).toContain('line 4: unknown category "Partners"');

    const loose = await runScript([file, '--allow-unchecked-addresses', '--category', 'Early Supporters', '--category', 'Partners']);
    expect(loose.code).toBe(0);
    expect(loose.stdout).toMatch(/Early Supporters\s+1 wallet\s+2 tokens\n/);
    expect(await storedRecords()).toHaveLength(3);
  });

  it('refuses --category for a whale bonus without its release, and the reserved source "demo", with the usage', async () => {
    const bare = await runScript([fixture('allocations-good.csv'), '--category', 'Whale Bonus']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--category: "Whale Bonus" would be shown as a whale bonus without a release');
    const demo = await runScript([fixture('allocations-good.csv'), '--source', 'demo']);
    expect(demo.code).toBe(2);
    expect(demo.stderr).toContain('--source: the source name "demo" is kept for the demo data set');
    expect(await storedRecords()).toEqual([]);
  });

  it('prints the help with exit 0 and the usage with exit 2 when the file is missing', async () => {
    const help = await runScript(['--help']);
    expect(help.code).toBe(0);
    for (const option of ['--source NAME', '--category NAME', '--allow-unchecked-addresses', '--keep-demo']) expect(help.stdout).toContain(option);
    expect(help.stdout).toContain('Whale Bonus #3');
    const missing = await runScript([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run import:allocations -- FILE.csv');
  });
});
