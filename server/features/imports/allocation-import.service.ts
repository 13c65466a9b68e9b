import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type AllocationRow, categoryTotals, duplicatePairs } from './allocation-rows.js';
import { acceptedCategories, checkCategory } from './category-check.js';
import { checkAll, type Checked, checkTokens } from './import-fields.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportResult,
  readImportFile,
  resolveSource,
  totalTokens,
} from './import-file.js';
import { countAllocationRecordsOfSource } from './imports.repository.js';
import { replaceAllocationSource } from './replace-source.js';
import { walletChecker } from './wallet-check.js';

export const allocationColumns = ['wallet_address', 'category', 'tokens'] as const;

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

  const categories = acceptedCategories(options.extraCategories);
  const checkWallet = walletChecker({ checksum: !options.allowUncheckedAddresses });
  const { rows, errors } = await readImportFile(
    file,
    allocationColumns,
    (fields): Checked<AllocationRow> =>
      checkAll({
        wallet: checkWallet(fields.wallet_address),
        category: checkCategory(fields.category, categories),
        micro: checkTokens('tokens', fields.tokens),
      }),
    options.onProgress,
  );
  const problems = byLine([...errors, ...duplicatePairs(rows)]);
  if (problems.length) return { ok: false, errors: problems };
  const { totalMicro, error } = totalTokens(rows, (row) => row.micro);
  if (error) return { ok: false, errors: [error] };

  const records = rows.map(({ value }) => ({
    wallet_address: value.wallet,
    category: value.category,
    tokens_micro: Number(value.micro),
    source,
  }));
  const replacedRows = options.dryRun
    ? await countAllocationRecordsOfSource(db, source)
    : await replaceAllocationSource(db, source, records, options.onProgress);
  return {
    ok: true,
    source,
    rows: records.length,
    wallets: new Set(records.map((record) => record.wallet_address)).size,
    totalMicro,
    totalPoints: null,
    categories: categoryTotals(rows),
    replacedRows,
    demoRows: demo.demoRows,
    dryRun: options.dryRun ?? false,
  };
}
