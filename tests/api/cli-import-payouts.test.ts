import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../server/platform/config.js';
import type { Database } from '../../server/platform/db/schema.js';
import { madeUpWallet } from '../../server/features/demo/made-up-wallets.js';
import { importAllocationsFile } from '../../server/features/imports/index.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { createTestDatabase } from '../helpers/test-app.js';
import { mainnetWallets } from '../helpers/wallets.js';

// Each case starts the CLIs several times (a tsx start each): slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 120_000 });

let config: AppConfig;
let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ config, db, close } = await createTestDatabase());
  // The list: segwitKey holds Holder Airdrop (34123) and Whale Bonus #1 (3753.53), legacy Holder
  // Airdrop (0.000001), p2sh Staking Season 1 (1234567.891011).
  const listed = await importAllocationsFile(db, path.join(projectRoot, 'tests/fixtures/allocations-good.csv'), { source: 'tge' });
  expect(listed.ok).toBe(true);
});
afterEach(async () => close());

const { segwitKey, legacy, p2sh, taproot } = mainnetWallets;
const tx = (digit: string) => digit.repeat(64);
const header = 'wallet_address,category,txid,vout';

function writeFile(name: string, ...rows: string[]): string {
  const file = path.join(config.dataDir, name);
  fs.writeFileSync(file, `${rows.join('\n')}\n`);
  return file;
}

const importPayouts = (args: string[]) => runCli('import:payouts', args, config);
const payouts = (args: string[]) => runCli('payouts', args, config);

async function stored() {
  const rows = await db.selectFrom('payouts').select(['wallet_address', 'category', 'txid', 'vout', 'source']).orderBy('id').execute();
  const transactions = await db.selectFrom('payout_transactions').select(['txid', 'state', 'final']).orderBy('txid').execute();
  return { payouts: rows.map((row) => ({ ...row, vout: row.vout === null ? null : Number(row.vout) })), transactions: transactions.map((row) => ({ ...row, final: Number(row.final) })) };
}

async function auditEntries() {
  return db.selectFrom('audit_log').selectAll().where('action', '=', 'import.payouts').orderBy('id').execute();
}

const nothing = { payouts: [], transactions: [] };

describe('npm run import:payouts', () => {
  it('records a good file (wallets normalised, txids lower-cased, vout optional) with its audit entry; a dry run and the same file again write nothing', async () => {
    const file = writeFile(
      'payouts.csv',
      header,
      `${segwitKey.toUpperCase()},Holder Airdrop,${tx('A')},0`,
      `${segwitKey},Whale Bonus #1,${tx('a')},1`,
      `${p2sh},"Staking Season 1",${tx('b')},`,
    );
    const dryRun = await importPayouts([file, '--dry-run']);
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stdout).toContain('checked (dry run, nothing written) payouts.csv as source "payouts.csv"');
    expect(dryRun.stdout).toMatch(/would add:\s+3 payouts\n/);
    expect(await stored()).toEqual(nothing);

    const run = await importPayouts([file]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('recorded payouts.csv as source "payouts.csv"');
    expect(run.stdout).toMatch(/rows:\s+3\n/);
    expect(run.stdout).toMatch(/wallets:\s+2\n/);
    expect(run.stdout).toMatch(/transactions:\s+2\n/);
    expect(run.stdout).toMatch(/added:\s+3 payouts\n/);
    expect(run.stdout).toMatch(/replaced:\s+0 payouts \(another transaction\)\n/);
    expect(run.stdout).toMatch(/Holder Airdrop\s+1 payout\n/);
    expect(await stored()).toEqual({
      payouts: [
        { wallet_address: segwitKey, category: 'Holder Airdrop', txid: tx('a'), vout: 0, source: 'payouts.csv' },
        { wallet_address: segwitKey, category: 'Whale Bonus #1', txid: tx('a'), vout: 1, source: 'payouts.csv' },
        { wallet_address: p2sh, category: 'Staking Season 1', txid: tx('b'), vout: null, source: 'payouts.csv' },
      ],
      transactions: [
        { txid: tx('a'), state: 'unchecked', final: 0 },
        { txid: tx('b'), state: 'unchecked', final: 0 },
      ],
    });
    const entries = await auditEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ target: 'payouts.csv', before: null });
    expect(entries[0]!.actor).toMatch(/^cli:.+/);
    expect(JSON.parse(entries[0]!.after!)).toEqual({ file: 'payouts.csv', rows: 3, added: 3, replaced: 0, unchanged: 0 });

    const again = await importPayouts([file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('nothing new in payouts.csv');
    expect(again.stdout).toMatch(/unchanged:\s+3 payouts \(already recorded\)\n/);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('refuses every bad row on its own line, good rows beside them included, and writes nothing', async () => {
    const typo = `${segwitKey.slice(0, -1)}p`;
    const file = writeFile(
      'bad.csv',
      header,
      `${segwitKey},Holder Airdrop,${tx('a')},0`,
      `${taproot},Holder Airdrop,${tx('a')},1`,
      `${legacy},Staking Season 1,${tx('a')},2`,
      `${p2sh},Staking Season 1,${tx('b')},`,
      `${p2sh},Staking Season 1,${tx('c')},`,
      `${segwitKey},Whale Bonus #1,not-a-txid,3`,
      `${legacy},Holder Airdrop,${tx('a')},-1`,
      `${typo},Holder Airdrop,${tx('a')},4`,
    );
    const run = await importPayouts([file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `line 3: wallet_address ${taproot} is not on the allocation list`,
      `line 4: wallet_address ${legacy} holds no "Staking Season 1" on the allocation list (it holds "Holder Airdrop")`,
      `line 6: wallet_address ${p2sh} is paid "Staking Season 1" twice in this file, on lines 5 and 6`,
      'line 7: txid "not-a-txid" is not a transaction id (64 hexadecimal characters)',
      'line 8: vout "-1" is not an output index (a whole number from 0 to 4294967295)',
      `line 9: wallet_address ${typo} fails its bech32 checksum (a typo or a cut-off address?)`,
      `rejected ${file}: 6 bad rows; the database was not changed`,
    ]);
    expect(await stored()).toEqual(nothing);
    expect(await auditEntries()).toEqual([]);
  });

  it('refuses a file with only its header whatever the flags', async () => {
    const file = writeFile('empty.csv', header);
    for (const flags of [[], ['--replace', '--keep-demo'], ['--dry-run']]) {
      const run = await importPayouts([file, ...flags]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('error: empty.csv has no data rows (only its header): a payout file names at least one payout');
    }
    expect(await stored()).toEqual(nothing);
  });

  it('refuses another transaction for a pair already paid unless --replace, which records it, says how many and audits the old and new', async () => {
    const first = writeFile('first.csv', header, `${segwitKey},Holder Airdrop,${tx('a')},0`, `${p2sh},Staking Season 1,${tx('b')},0`);
    expect((await importPayouts([first])).code).toBe(0);
    const before = await stored();

    // A fee bump: the Staking Season 1 transfer went out again as transaction d.
    const bumped = writeFile('bumped.csv', header, `${segwitKey},Holder Airdrop,${tx('a')},0`, `${p2sh},Staking Season 1,${tx('D')},0`);
    const refused = await importPayouts([bumped]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `line 3: wallet_address ${p2sh} was already paid "Staking Season 1" in ${tx('b')}:0 (source "first.csv"), not ${tx('d')}:0: --replace records the new transaction`,
    );
    expect(await stored()).toEqual(before);

    const dryRun = await importPayouts([bumped, '--dry-run']);
    expect(dryRun.code).toBe(0);
    expect(dryRun.stdout).toMatch(/would replace:\s+1 payout \(another transaction\)\n/);
    expect(dryRun.stdout).toContain(`line 3: ${p2sh} "Staking Season 1" ${tx('b')}:0 -> ${tx('d')}:0`);
    expect(dryRun.stdout).toContain('note: this import needs --replace: it gives 1 payout another transaction');
    expect(await stored()).toEqual(before);

    const replaced = await importPayouts([bumped, '--replace']);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(replaced.stdout).toMatch(/added:\s+0 payouts\n/);
    expect(replaced.stdout).toMatch(/replaced:\s+1 payout \(another transaction\)\n/);
    expect(replaced.stdout).toMatch(/unchanged:\s+1 payout \(already recorded\)\n/);
    // Transaction b is named by no payout any longer: it goes, d comes.
    expect(await stored()).toEqual({
      payouts: [
        { wallet_address: segwitKey, category: 'Holder Airdrop', txid: tx('a'), vout: 0, source: 'first.csv' },
        { wallet_address: p2sh, category: 'Staking Season 1', txid: tx('d'), vout: 0, source: 'bumped.csv' },
      ],
      transactions: [
        { txid: tx('a'), state: 'unchecked', final: 0 },
        { txid: tx('d'), state: 'unchecked', final: 0 },
      ],
    });
    const entries = await auditEntries();
    expect(entries.map((entry) => entry.target)).toEqual(['first.csv', 'bumped.csv']);
    expect(JSON.parse(entries[1]!.before!)).toEqual({ payouts: [{ wallet: p2sh, category: 'Staking Season 1', txid: tx('b'), vout: 0, source: 'first.csv' }] });
    expect(JSON.parse(entries[1]!.after!)).toEqual({
      file: 'bumped.csv',
      rows: 2,
      added: 0,
      replaced: 1,
      unchanged: 1,
      payouts: [{ wallet: p2sh, category: 'Staking Season 1', txid: tx('d'), vout: 0 }],
    });
  });

  it('prints each progress step on its own line when the output is a pipe', async () => {
    const wallets = Array.from({ length: 100_001 }, (_, i) => madeUpWallet('segwit', `w${i}`));
    const list = writeFile('large-list.csv', 'wallet_address,category,tokens', ...wallets.map((wallet) => `${wallet},Holder Airdrop,1`));
    expect((await importAllocationsFile(db, list, { afterReveal: { reason: 'a larger list' } })).ok).toBe(true);
    const run = await importPayouts([writeFile('large.csv', 'wallet_address,category,txid', ...wallets.map((wallet) => `${wallet},Holder Airdrop,${tx('e')}`))]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr.split('\n').filter((line) => /rows/.test(line))).toEqual([
      'checked 50,000 rows',
      'checked 100,000 rows',
      'checked 100,001 rows',
      'written 50,000 of 100,001 rows',
      'written 100,000 of 100,001 rows',
      'written 100,001 of 100,001 rows',
    ]);
  });

  it('prints the help with exit 0, and the usage with exit 2 for a missing file or a bad option', async () => {
    const help = await importPayouts(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run import:payouts -- FILE.csv');
    const missing = await importPayouts([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('error: the CSV file is missing');
    const unknown = await importPayouts(['x.csv', '--category', 'Holder Airdrop']);
    expect(unknown.code).toBe(2);
  });
});

describe('npm run payouts', () => {
  /** Three of the list's four pairs paid: one confirmed, one waiting to be checked, one to another address. */
  async function payThree() {
    const file = writeFile(
      'paid.csv',
      'wallet_address,category,txid',
      `${segwitKey},Holder Airdrop,${tx('a')}`,
      `${segwitKey},Whale Bonus #1,${tx('a')}`,
      `${p2sh},Staking Season 1,${tx('b')}`,
    );
    const run = await importPayouts([file]);
    expect(run.code, run.stderr).toBe(0);
    // What the explorer checker (a later slice) records.
    await db.updateTable('payout_transactions').set({ state: 'confirmed', block_height: 900_000, first_seen_at: 1, checked_at: 2 }).where('txid', '=', tx('a')).execute();
    await db.updateTable('payouts').set({ output_state: 'wrong_address' }).where('category', '=', 'Whale Bonus #1').execute();
  }

  it('status prints per category the wallets and tokens paid of those owed, by payout state', async () => {
    const empty = await payouts(['status']);
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('Holder Airdrop: 0 of 2 wallets paid, 0 of 34123.000001 tokens\n  not sent');

    await payThree();
    const run = await payouts(['status']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n').map((line) => line.replace(/\s+/g, ' '))).toEqual([
      'Holder Airdrop: 1 of 2 wallets paid, 34123 of 34123.000001 tokens',
      ' not sent 1 wallet 0.000001 tokens',
      ' confirmed 1 wallet 34123 tokens',
      'Staking Season 1: 1 of 1 wallet paid, 1234567.891011 of 1234567.891011 tokens',
      ' unchecked 1 wallet 1234567.891011 tokens',
      'Whale Bonus #1: 0 of 1 wallet paid, 0 of 3753.53 tokens',
      ' wrong address 1 wallet 3753.53 tokens',
      'all categories: 2 of 4 payouts paid, 1268690.891011 of 1272444.421012 tokens, in 2 transactions',
      '',
    ]);
  });

  it("export-unpaid writes what is still owed in the allocation import's format, which reads it back to the same pairs and amounts", async () => {
    await payThree();
    // The Staking Season 1 transfer never made it into a block: owed again.
    await db.updateTable('payout_transactions').set({ state: 'dropped', first_seen_at: 1, checked_at: 2 }).where('txid', '=', tx('b')).execute();
    const run = await payouts(['export-unpaid']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('exported 3 owed payouts (3 wallets, 1238321.421012 tokens)\n');
    const owedPairs = [
      { wallet_address: legacy, category: 'Holder Airdrop', tokens_micro: 1 },
      { wallet_address: p2sh, category: 'Staking Season 1', tokens_micro: 1_234_567_891_011 },
      { wallet_address: segwitKey, category: 'Whale Bonus #1', tokens_micro: 3_753_530_000 },
    ];
    const listed = await db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro']).execute();
    expect(listed).toEqual(expect.arrayContaining(owedPairs));

    const owed = path.join(config.dataDir, 'owed.csv');
    fs.writeFileSync(owed, run.stdout);
    const fresh = await createTestDatabase();
    try {
      const imported = await importAllocationsFile(fresh.db, owed);
      expect(imported.ok).toBe(true);
      const records = await fresh.db.selectFrom('allocation_records').select(['wallet_address', 'category', 'tokens_micro']).execute();
      const byPair = (a: { wallet_address: string; category: string }, b: { wallet_address: string; category: string }) =>
        `${a.wallet_address} ${a.category}`.localeCompare(`${b.wallet_address} ${b.category}`);
      expect(records.map((record) => ({ ...record, tokens_micro: Number(record.tokens_micro) })).sort(byPair)).toEqual([...owedPairs].sort(byPair));
    } finally {
      await fresh.close();
    }
  });

  it('prints the usage with exit 2 without a known command', async () => {
    expect((await payouts([])).code).toBe(2);
    const unknown = await payouts(['pay']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('error: unknown command "pay"');
    expect((await payouts(['status', 'extra'])).code).toBe(2);
    const help = await payouts(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('export-unpaid');
  });
});
