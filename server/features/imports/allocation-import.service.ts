import type { Kysely } from 'kysely';
import { totalSupply } from '../../../shared/tokenomics.js';
import type { Database } from '../../db/schema.js';
import { AllocationRows, categoryTotals, checkWalletPairs } from './allocation-rows.js';
import { BackgroundMerkle, type LeafRows } from './background-merkle.js';
import { acceptedCategories, checkCategory } from './category-check.js';
import { readCsvRows } from './csv-records.js';
import { checkTokens, maxTokensMicro } from './import-fields.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportAccepted,
  type ImportProgress,
  type ImportResult,
  type LineError,
  progressEvery,
  resolveSource,
} from './import-file.js';
import { countAllocationRecordsOfSource } from './imports.repository.js';
import { replaceAllocationSource } from './replace-source.js';
import { walletChecker } from './wallet-check.js';

export const allocationColumns = ['wallet_address', 'category', 'tokens'] as const;

const maxMicro = Number(maxTokensMicro);
// What checkTokens accepts; matched here first so a good amount costs no bigint.
const tokenPattern = /^(\d+)(?:\.(\d{1,6}))?$/;
const fractionScale = [1, 100_000, 10_000, 1000, 100, 10, 1];

/** A good amount in micro-tokens (exact: at most 1e15), or the problem with it. */
function readMicro(raw: string): number | string {
  const match = tokenPattern.exec(raw);
  if (match) {
    const whole = Number(match[1]);
    const fraction = match[2] ?? '';
    const micro = whole * 1e6 + (fraction ? Number(fraction) * fractionScale[fraction.length]! : 0);
    if (whole <= totalSupply && micro <= maxMicro) return micro;
  }
  const checked = checkTokens('tokens', raw);
  return checked.ok ? Number(checked.value) : checked.problem;
}

/** Reads and checks every row: the good rows, and one error per bad row. */
async function readAllocationFile(
  file: string,
  options: ImportOptions,
  onRows: (rows: LeafRows) => void,
  onProgress?: ImportProgress,
): Promise<{ rows: AllocationRows; errors: LineError[] }> {
  const categories = acceptedCategories(options.extraCategories);
  const checkWallet = walletChecker({ checksum: !options.allowUncheckedAddresses });
  const rows = new AllocationRows();
  const errors: LineError[] = [];
  let read = 0;
  for await (const batch of readCsvRows(file, allocationColumns)) {
    const start = rows.length;
    for (const item of batch) {
      if ('message' in item) {
        errors.push(item);
        continue;
      }
      read += 1;
      if (read % progressEvery === 0) onProgress?.({ phase: 'read', rows: read });
      const [rawWallet, rawCategory, rawTokens] = item.values as [string, string, string];
      const wallet = checkWallet(rawWallet);
      const category = categories.has(rawCategory) ? null : checkCategory(rawCategory, categories);
      const micro = readMicro(rawTokens);
      if (wallet.ok && category === null && typeof micro === 'number') {
        rows.push(item.line, wallet.value, rawCategory, micro);
        continue;
      }
      const problems = [wallet.ok ? null : wallet.problem, category?.ok === false ? category.problem : null, typeof micro === 'string' ? micro : null];
      errors.push({ line: item.line, message: problems.filter((problem) => problem !== null).join('; ') });
    }
    onRows({ wallets: rows.wallets.slice(start), categories: rows.categories.slice(start), micros: rows.micros.slice(start) });
  }
  if (read >= progressEvery && read % progressEvery !== 0) onProgress?.({ phase: 'read', rows: read });
  return { rows, errors };
}

/** The file's total; a file adding up to more than the total supply is refused at the row that crosses it. */
function totalMicro(rows: AllocationRows): { total: number; error: LineError | null } {
  let total = 0;
  for (let i = 0; i < rows.length; i += 1) {
    total += rows.micros[i]!;
    if (total > maxMicro) {
      return { total, error: { line: rows.lines[i]!, message: `the file's tokens add up to more than the total supply of ${totalSupply} by this row` } };
    }
  }
  return { total, error: null };
}

/**
 * Loads allocation records (`wallet_address,category,tokens`) from a CSV file, all or nothing: any bad
 * row (unknown category, wallet failing its checksum, a (wallet, category) pair twice, a bad amount)
 * rejects the file untouched. Otherwise the rows replace those of the same source in one transaction.
 * While the demo data set is loaded the import is refused unless `keepDemo`.
 */
export async function importAllocationsFile(
  db: Kysely<Database>,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const source = resolveSource(file, options.source);
  const demo = await demoRowsInTheWay(db, options);
  if (demo.refuse) return { ok: false, demoRows: demo.demoRows! };

  // The Merkle root of the table after the import is built on a second thread while the file is read
  // and written, from the rows at hand and the other sources' rows (read inside the write transaction).
  const merkle = options.dryRun ? null : new BackgroundMerkle();
  try {
    const { rows, errors } = await readAllocationFile(file, options, (batch) => merkle?.add(batch), options.onProgress);
    const { duplicates, wallets } = checkWalletPairs(rows);
    const problems = byLine([...errors, ...duplicates]);
    if (problems.length) return { ok: false, errors: problems };
    const { total, error } = totalMicro(rows);
    if (error) return { ok: false, errors: [error] };

    if (!merkle) {
      return accepted(rows, wallets, total, await countAllocationRecordsOfSource(db, source));
    }
    const { replaced, otherSources } = await replaceAllocationSource(db, source, rows, options.onProgress);
    return { ...accepted(rows, wallets, total, replaced), merkle: await merkle.finish(otherSources) };
  } finally {
    await merkle?.cancel();
  }

  function accepted(rows: AllocationRows, wallets: number, total: number, replacedRows: number): ImportAccepted {
    return {
      ok: true,
      source,
      rows: rows.length,
      wallets,
      totalMicro: BigInt(total),
      totalPoints: null,
      categories: categoryTotals(rows),
      replacedRows,
      demoRows: demo.demoRows,
      dryRun: options.dryRun ?? false,
    };
  }
}
