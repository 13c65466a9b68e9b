import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config.js';
import type { Database } from '../../server/db/schema.js';
import { importAllocationsFile } from '../../server/features/imports/allocation-import.service.js';
import { projectRoot, runCli } from '../helpers/run-cli.js';
import { createTestDatabase } from '../helpers/test-app.js';

const root = projectRoot;
const fixture = (name: string) => path.join(root, 'tests/fixtures', name);

let config: AppConfig;
let db: Kysely<Database>;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ config, db, close } = await createTestDatabase());
});
afterEach(async () => close());

function writeFile(name: string, content: string | Buffer): string {
  const file = path.join(config.dataDir, name);
  fs.writeFileSync(file, content);
  return file;
}

async function storedRecords() {
  return db
    .selectFrom('allocation_records')
    .select(['wallet_address', 'category', 'tokens_micro', 'source'])
    .orderBy('id')
    .execute();
}

const runScript = (args: string[]) => runCli('import-allocations.ts', args, config);

describe('importAllocationsFile', () => {
  it('imports a good file with exact micro-token amounts and normalised wallets', async () => {
    const result = await importAllocationsFile(db, fixture('allocations-good.csv'));
    expect(result).toEqual({
      ok: true,
      source: 'allocations-good.csv',
      rows: 4,
      wallets: 3,
      totalMicro: 1_272_444_421_012n,
      totalPoints: null,
      replacedRows: 0,
      dryRun: false,
    });
    expect(await storedRecords()).toEqual([
      { wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', category: 'TGE Airdrop', tokens_micro: 34_123_000_000, source: 'allocations-good.csv' },
      { wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', category: 'Whale Bonus #1', tokens_micro: 3_753_530_000, source: 'allocations-good.csv' },
      { wallet_address: '1A1zP1eP5QGefi2DMPTfTL5SGmv7DivfNa', category: 'TGE Airdrop', tokens_micro: 1, source: 'allocations-good.csv' },
      { wallet_address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', category: 'Staking Season 1, Tier 2', tokens_micro: 1_234_567_891_011, source: 'allocations-good.csv' },
    ]);
  });

  it('rejects a file with bad rows, naming every bad physical line, and leaves the database unchanged', async () => {
    await importAllocationsFile(db, fixture('allocations-good.csv'), { source: 'allocations-bad.csv' });
    const before = await storedRecords();
    const result = await importAllocationsFile(db, fixture('allocations-bad.csv'));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // Line 4-5 is one row with a quoted line break, and line 7 is blank: later lines keep their file numbers.
    expect(result.errors.map((error) => error.line)).toEqual([3, 6, 8, 9, 10, 11, 12]);
    expect(result.errors[0]!.message).toBe('wallet_address is empty');
    expect(result.errors[1]!.message).toBe('category is empty');
    expect(result.errors[2]!.message).toMatch(/tokens "1.1234567" is not a non-negative amount with at most 6 decimals/);
    expect(result.errors[5]!.message).toBe('expected 3 fields, found 2');
    expect(result.errors[6]!.message).toMatch(/more than the total supply/);
    expect(await storedRecords()).toEqual(before);
  });

  it('reports a missing or unknown header column on line 1', async () => {
    const file = writeFile('header.csv', 'wallet_address,tokens,amount\nbc1qabc,1,2\n');
    const result = await importAllocationsFile(db, file);
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
    const file = writeFile('unclosed.csv', 'wallet_address,category,tokens\nbc1qabc,TGE,1\nbc1qdef,"TGE,2\nbc1qghi,TGE,3\n');
    const result = await importAllocationsFile(db, file);
    expect(result).toEqual({
      ok: false,
      errors: [{ line: 3, message: 'not valid CSV: a quoted field starting in this row is never closed' }],
    });
    expect(await storedRecords()).toEqual([]);
  });

  it('reads a BOM, CRLF line ends and quoted fields holding commas and quotes', async () => {
    const content = '\uFEFFtokens,"wallet_address",category\r\n"1,5" ,x,y\r\n';
    const bad = await importAllocationsFile(db, writeFile('bom-bad.csv', content));
    expect(bad.ok).toBe(false);
    const good = '\uFEFFtokens,"wallet_address",category\r\n2.5,bc1qAbc,"Whale Bonus #1, ""early"""\r\n\r\n"7",1Abc , TGE Airdrop \r\n';
    const result = await importAllocationsFile(db, writeFile('bom.csv', good));
    expect(result).toMatchObject({ ok: true, rows: 2, totalMicro: 9_500_000n });
    expect(await storedRecords()).toEqual([
      { wallet_address: 'bc1qabc', category: 'Whale Bonus #1, "early"', tokens_micro: 2_500_000, source: 'bom.csv' },
      { wallet_address: '1Abc', category: 'TGE Airdrop', tokens_micro: 7_000_000, source: 'bom.csv' },
    ]);
  });

  it('re-importing a source replaces its rows instead of doubling them and keeps other sources', async () => {
    await importAllocationsFile(db, fixture('allocations-good.csv'), { source: 'other' });
    const first = writeFile('round.csv', 'wallet_address,category,tokens\nbc1qabc,TGE,1\nbc1qdef,TGE,2\n');
    await importAllocationsFile(db, first);
    const again = await importAllocationsFile(db, first);
    expect(again).toMatchObject({ ok: true, rows: 2, replacedRows: 2 });
    writeFile('round.csv', 'wallet_address,category,tokens\nbc1qabc,TGE,10.5\n');
    const changed = await importAllocationsFile(db, first);
    expect(changed).toMatchObject({ ok: true, rows: 1, replacedRows: 2, totalMicro: 10_500_000n });
    const rows = await storedRecords();
    expect(rows.filter((row) => row.source === 'round.csv')).toEqual([
      { wallet_address: 'bc1qabc', category: 'TGE', tokens_micro: 10_500_000, source: 'round.csv' },
    ]);
    expect(rows.filter((row) => row.source === 'other')).toHaveLength(4);
  });

  it('a dry run checks the file and reports what it would replace without writing', async () => {
    await importAllocationsFile(db, fixture('allocations-good.csv'));
    const before = await storedRecords();
    const file = writeFile('allocations-good.csv', 'wallet_address,category,tokens\nbc1qabc,TGE,1\n');
    const result = await importAllocationsFile(db, file, { dryRun: true });
    expect(result).toMatchObject({ ok: true, dryRun: true, rows: 1, replacedRows: 4 });
    expect(await storedRecords()).toEqual(before);
  });
});

describe('npm run import:allocations', () => {
  it('imports a file and prints the summary with exit code 0', async () => {
    const run = await runScript([fixture('allocations-good.csv'), '--source', 'tge']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('imported allocations-good.csv as source "tge"');
    expect(run.stdout).toMatch(/rows:\s+4\n/);
    expect(run.stdout).toMatch(/wallets:\s+3\n/);
    expect(run.stdout).toMatch(/tokens:\s+1272444.421012\n/);
    expect(await storedRecords()).toHaveLength(4);
  });

  it('prints every bad line and exits 1 without touching the database', async () => {
    const run = await runScript([fixture('allocations-bad.csv')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    for (const line of [3, 6, 8, 9, 10, 11, 12]) expect(run.stderr).toContain(`line ${line}: `);
    expect(run.stderr).toContain('rejected ');
    expect(run.stderr).toContain('allocations-bad.csv: 7 bad rows; the database was not changed');
    expect(await storedRecords()).toEqual([]);
  });

  it('prints the help with exit 0 and the usage with exit 2 when the file is missing', async () => {
    const help = await runScript(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--source NAME');
    expect(help.stdout).toContain('wallet_address');
    const missing = await runScript([]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('Usage: npm run import:allocations -- FILE.csv');
  });
});
