import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { normalizeWallet } from '@shared/wallet';
import {
  commitListChange,
  type ImportedTree,
  type LeafRows,
  ListGuard,
  noRowsRefusal,
  previewListChange,
  previewRootChange,
  publishPastReveal,
  refusedByGuard,
  replaceSourceRecords,
  type RootPublication,
} from '../../allocation/index.js';
import { acceptedCategories, checkCategory } from './category-check.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportAccepted,
  type ImportRejected,
  type ImportResult,
  type LineError,
  resolveSource,
} from '../shared/import-file.js';
import { readImportRows } from '../shared/csv-reader.js';
import { type ImportProgress, writeProgress } from '../shared/progress.js';
import { readTokensMicro } from '../shared/token-amount.js';
import { checkTotal } from '../shared/total-check.js';
import { checkWallet } from '../shared/wallet-check.js';
import { AllocationRows, categoryTotals, WalletPairCheck } from './allocation-rows.js';
import { AllocationWorker, type RowBatch, rowBatch } from './allocation-worker-client.js';

/** Wallets a dry run lists by default; the counts cover them all. */
const defaultDifferenceLimit = 20;

export const allocationColumns = ['wallet_address', 'category', 'tokens'] as const;

/** A row refused on the main thread; the worker may add a wallet problem in front. */
interface RowError {
  line: number;
  problems: string[];
}

/** The verdict on every row: the main thread's and the worker's problems by line, the wallets, and the worker's leaves. */
interface Verdict {
  errors: LineError[];
  wallets: number;
  leafCount: number;
}

/**
 * Reads and checks every row: the good rows, and the verdict on the file. Wallet checksums are checked
 * on the worker while the next batch is read, so the verdict may come after the reading ends; a
 * checksum problem joins the row's own problems.
 */
async function readAllocationFile(
  file: string,
  options: ImportOptions,
  worker: AllocationWorker,
  onProgress?: ImportProgress,
): Promise<{ rows: AllocationRows; refusedHere: boolean; verdict: Promise<Verdict> }> {
  const categories = acceptedCategories(options.extraCategories);
  // Rows name their category by its index in this list.
  const rows = new AllocationRows([...categories]);
  const categoryIdOf = new Map(rows.categoryNames.map((name, id) => [name, id]));
  const pairs = new WalletPairCheck();
  const errors: LineError[] = [];
  const rowErrors: RowError[] = [];
  for await (const batch of readImportRows(file, allocationColumns, errors, onProgress)) {
    const start = rows.length;
    const unsure: RowBatch['unsure'] = { lines: [], wallets: [] };
    for (const item of batch) {
      const [rawWallet, rawCategory, rawTokens] = item.values as [string, string, string];
      // Only the normalising here; the checksum is the worker's.
      const wallet = normalizeWallet(rawWallet);
      const micro = readTokensMicro('tokens', rawTokens);
      const categoryId = categoryIdOf.get(rawCategory);
      if (wallet !== '' && categoryId !== undefined && typeof micro === 'number') {
        rows.push(item.line, wallet, categoryId, micro);
        // Checked while the row's data is at hand, not in a second pass over the batch.
        pairs.add(rows, rows.length - 1);
        continue;
      }
      if (wallet !== '') {
        unsure.lines.push(item.line);
        unsure.wallets.push(wallet);
      }
      const walletProblem = wallet === '' ? checkWallet(wallet) : null;
      const categoryProblem = categoryId !== undefined ? null : checkCategory(rawCategory, categories);
      const problems = [walletProblem?.ok === false ? walletProblem.problem : null, categoryProblem?.ok === false ? categoryProblem.problem : null, typeof micro === 'string' ? micro : null];
      rowErrors.push({ line: item.line, problems: problems.filter((problem) => problem !== null) });
    }
    worker.add(rowBatch(rows, start, unsure));
  }
  const verdict = worker.checked().then(({ walletProblems, leafCount }) => {
    const all = [...errors];
    for (const error of rowErrors) {
      const walletProblem = walletProblems.get(error.line);
      all.push({ line: error.line, message: [...(walletProblem ? [walletProblem] : []), ...error.problems].join('; ') });
    }
    const refusedLines = new Set(rowErrors.map((error) => error.line));
    for (const [line, message] of walletProblems) if (!refusedLines.has(line)) all.push({ line, message });
    // A row whose wallet fails its checksum says so; that it repeats a pair is beside the point.
    all.push(...pairs.duplicates.filter((duplicate) => !walletProblems.has(duplicate.line)));
    return { errors: byLine(all), wallets: pairs.wallets, leafCount };
  });
  // Awaited by the caller, maybe after a failure of its own: never an unhandled rejection meanwhile.
  verdict.catch(() => {});
  return { rows, refusedHere: errors.length > 0 || rowErrors.length > 0 || pairs.duplicates.length > 0, verdict };
}

/**
 * Loads allocation records (`wallet_address,category,tokens`) from a CSV file, all or nothing: any bad
 * row (unknown category, wallet failing its checksum, a (wallet, category) pair twice, a bad amount)
 * rejects the file untouched. Otherwise the rows replace those of the same source in one transaction,
 * which also records the source's snapshot (its "as of" block, from `snapshot`, else unknown); the
 * result carries the Merkle root and leaf count of the whole table after the import.
 * While the demo data set is loaded the import is refused unless `keepDemo`. The list guard (allocation/list-guard.ts)
 * refuses a file without rows, a pair another source holds, and, without `replace`, a change that removes
 * a wallet from the list or lowers a total.
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
  // A dry run hashes the rows too: the root the table would have is part of its difference.
  const worker = new AllocationWorker({ checksum: !options.allowUncheckedAddresses, merkle: true });
  try {
    const { rows, refusedHere, verdict } = await readAllocationFile(file, options, worker, options.onProgress);
    // A header without rows would empty the source: refused whatever the flags (allocation/list-guard.ts).
    if (rows.length === 0 && !refusedHere) return noRowsRefusal(source);
    const { total, error } = checkTotal(rows.micros, rows.lines, rows.length);
    const refusal = async (): Promise<ImportRejected | null> => {
      const { errors } = await verdict;
      if (errors.length) return { ok: false, errors };
      return error ? { ok: false, errors: [error] } : null;
    };

    if (options.dryRun || refusedHere || error) {
      const refused = await refusal();
      if (refused) return refused;
      const { wallets, leafCount } = await verdict;
      if (leafCount !== rows.length) throw new Error(`The import worker hashed ${leafCount} rows where ${rows.length} were read`);
      const difference = await differenceWithLive(rows, (others) => worker.merkleTree(others));
      if ('refused' in difference) return difference;
      return { ...accepted(rows, wallets, total, difference.liveRows), difference, rootChange: await previewRootChange(db, difference) };
    }
    // Nothing wrong so far: the rows go in while the worker finishes its checks, and the transaction
    // waits for its verdict before it commits (a refusal rolls everything back).
    const trees: Promise<ImportedTree>[] = [];
    let refused: ImportRejected | null = null;
    let replaced: number;
    // Asked for before the transaction: it may wait on a block explorer, and the write lock must not.
    // Without a label the snapshot is recorded all the same, as of no known block.
    const label = options.snapshot ? await options.snapshot() : { asOfBlock: null, importedAt: Date.now() };
    // A reveal no server recorded published the root the list holds now (published-roots.service.ts).
    await publishPastReveal(db);
    let publication: RootPublication | undefined;
    const guard = new ListGuard(source, options.replace ?? false);
    try {
      replaced = await replaceSourceRecords(db, source, rows, guard, {
        onBatch: writeProgress(rows.length, options.onProgress),
        withOtherSources: (otherSources) => {
          const tree = worker.merkleTree(otherSources);
          // Awaited after the write; a failure meanwhile must not count as unhandled.
          tree.catch(() => {});
          trees.push(tree);
        },
        beforeCommit: async (trx) => {
          refused = await refusal();
          if (refused) throw new Error('refused rows: rolled back');
          // The two threads read the same bytes with the same rules; a difference is a bug, and the root would not be the table's.
          const { leafCount } = await verdict;
          if (leafCount !== rows.length) throw new Error(`The import worker hashed ${leafCount} rows where ${rows.length} were written: rolled back`);
          if (trees.length !== 1) throw new Error('The import transaction ended without reading the other sources');
          publication = await commitListChange(trx, {
            source,
            guard,
            rows: rows.length,
            label,
            tree: trees[0]!,
            afterReveal: options.afterReveal,
            what: 'this import',
            by: options.by,
            audit: { action: 'import.allocations', after: { rows: rows.length, file: path.basename(file) } },
          });
        },
      });
    } catch (failure) {
      if (refused) return refused;
      // Awaited here: the difference waits on the worker's tree, and `finally` stops the worker.
      if (guard.refusal) return await refusedByGuard(guard, () => differenceWithLive(rows, () => trees[0]!));
      throw failure;
    }
    const { root, leafCount } = await trees[0]!;
    return { ...accepted(rows, (await verdict).wallets, total, replaced), merkle: { root, leafCount }, listChange: guard.change, publication };
  } finally {
    await worker.close();
  }

  /** The dry run's difference (allocation/list-change-preview.ts); `buildTree` gives the root the import publishes. */
  function differenceWithLive(rows: AllocationRows, buildTree: (others: LeafRows) => Promise<{ root: string | null }>) {
    const withoutDemo = demo.demoRows !== null && !options.keepDemo;
    return previewListChange(db, source, rows, buildTree, { limit: options.differenceLimit ?? defaultDifferenceLimit, withoutDemo });
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
