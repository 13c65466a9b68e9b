import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkAll, checkCategory, checkTokens, checkWallet } from './import-fields.js';
import { type ImportOptions, type ImportResult, readImportFile, resolveSource, totalTokens } from './import-file.js';
import { countAllocationRecordsOfSource } from './imports.repository.js';
import { replaceAllocationSource } from './replace-source.js';

export const allocationColumns = ['wallet_address', 'category', 'tokens'] as const;

/**
 * Loads allocation records (`wallet_address,category,tokens`) from a CSV file, all or nothing: any bad
 * row rejects the file untouched. Otherwise the rows replace those of the same source in one transaction.
 */
export async function importAllocationsFile(
  db: Kysely<Database>,
  file: string,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const source = resolveSource(file, options.source);
  const { rows, errors } = await readImportFile(
    file,
    allocationColumns,
    (fields) =>
      checkAll({
        wallet: checkWallet(fields.wallet_address),
        category: checkCategory(fields.category),
        micro: checkTokens('tokens', fields.tokens),
      }),
    options.onProgress,
  );
  if (errors.length) return { ok: false, errors };
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
    replacedRows,
    dryRun: options.dryRun ?? false,
  };
}
