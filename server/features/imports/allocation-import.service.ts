import type { Kysely } from 'kysely';
import { totalSupply } from '../../../shared/tokenomics.js';
import type { Database } from '../../db/schema.js';
import { AllocationRows, categoryTotals } from './allocation-rows.js';
import { AllocationWorker, type MerkleRoot, type RowBatch } from './allocation-worker-client.js';
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
import { checkWallet } from './wallet-check.js';

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

/** A row refused on the main thread; the worker may add a wallet problem in front. */
interface RowError {
  line: number;
  problems: string[];
}

/**
 * Reads and checks every row: the good rows, one error per bad row, and the number of wallets. Wallet
 * checksums and doubled (wallet, category) pairs are checked on the worker while the next batch is
 * read; a checksum problem joins the row's own problems at the end.
 */
async function readAllocationFile(
  file: string,
  options: ImportOptions,
  worker: AllocationWorker,
  onProgress?: ImportProgress,
): Promise<{ rows: AllocationRows; errors: LineError[]; wallets: number }> {
  const categories = acceptedCategories(options.extraCategories);
  const rows = new AllocationRows();
  const errors: LineError[] = [];
  const rowErrors: RowError[] = [];
  let read = 0;
  for await (const batch of readCsvRows(file, allocationColumns)) {
    const start = rows.length;
    const unsure: RowBatch['unsure'] = { lines: [], wallets: [] };
    for (const item of batch) {
      if ('message' in item) {
        errors.push(item);
        continue;
      }
      read += 1;
      if (read % progressEvery === 0) onProgress?.({ phase: 'read', rows: read });
      const [rawWallet, rawCategory, rawTokens] = item.values as [string, string, string];
      // Only the normalising and the empty check here; the checksum is the worker's.
      const wallet = checkWallet(rawWallet, { checksum: false });
      const category = categories.has(rawCategory) ? null : checkCategory(rawCategory, categories);
      const micro = readMicro(rawTokens);
      if (wallet.ok && category === null && typeof micro === 'number') {
        rows.push(item.line, wallet.value, rawCategory, micro);
        continue;
      }
      if (wallet.ok) {
        unsure.lines.push(item.line);
        unsure.wallets.push(wallet.value);
      }
      const problems = [wallet.ok ? null : wallet.problem, category?.ok === false ? category.problem : null, typeof micro === 'string' ? micro : null];
      rowErrors.push({ line: item.line, problems: problems.filter((problem) => problem !== null) });
    }
    worker.add({
      lines: rows.lines.slice(start),
      wallets: rows.wallets.slice(start),
      categories: rows.categories.slice(start),
      micros: rows.micros.slice(start),
      unsure,
    });
  }
  if (read >= progressEvery && read % progressEvery !== 0) onProgress?.({ phase: 'read', rows: read });
  const { walletProblems, duplicates, wallets } = await worker.checks();
  for (const error of rowErrors) {
    const walletProblem = walletProblems.get(error.line);
    errors.push({ line: error.line, message: [...(walletProblem ? [walletProblem] : []), ...error.problems].join('; ') });
  }
  const refusedLines = new Set(rowErrors.map((error) => error.line));
  for (const [line, message] of walletProblems) if (!refusedLines.has(line)) errors.push({ line, message });
  // A row whose wallet fails its checksum says so; that it repeats a pair is beside the point.
  errors.push(...duplicates.filter((duplicate) => !walletProblems.has(duplicate.line)));
  return { rows, errors, wallets };
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

  // The worker checks checksums while the file is read and builds the Merkle root of the table after
  // the import while the rows are written, from the rows at hand and the other sources' rows.
  const worker = new AllocationWorker({ checksum: !options.allowUncheckedAddresses, merkle: !options.dryRun });
  try {
    const { rows, errors, wallets } = await readAllocationFile(file, options, worker, options.onProgress);
    const problems = byLine(errors);
    if (problems.length) return { ok: false, errors: problems };
    const { total, error } = totalMicro(rows);
    if (error) return { ok: false, errors: [error] };

    if (options.dryRun) {
      return accepted(rows, wallets, total, await countAllocationRecordsOfSource(db, source));
    }
    const roots: Promise<MerkleRoot>[] = [];
    const replaced = await replaceAllocationSource(db, source, rows, {
      onProgress: options.onProgress,
      withOtherSources: (otherSources) => {
        const root = worker.merkleRoot(otherSources);
        // Awaited after the write; a failure meanwhile must not count as unhandled.
        root.catch(() => {});
        roots.push(root);
      },
    });
    if (roots.length !== 1) throw new Error('The import transaction ended without reading the other sources');
    return { ...accepted(rows, wallets, total, replaced), merkle: await roots[0]! };
  } finally {
    await worker.close();
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
