import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { checkAll, checkPoints, checkTokens } from './import-fields.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportResult,
  type LineError,
  readImportFile,
  resolveSource,
  totalTokens,
  type ValidRow,
} from './import-file.js';
import { countPointsAllocationsOfSource, findPointsWalletsOfOtherSources } from './imports.repository.js';
import { replacePointsSource } from './replace-source.js';
import { walletChecker } from './wallet-check.js';

export { checkTokens } from './import-fields.js';
export { demoRowsInTheWay, type ImportProgress, sourceNameProblem } from './import-file.js';
export { countPointsAllocationsOfSource, findPointsWalletsOfOtherSources } from './imports.repository.js';
export { replacePointsSource } from './replace-source.js';

export const pointsColumns = ['wallet_address', 'final_points', 'allocated_tokens'] as const;

interface PointsRow {
  wallet: string;
  points: number;
  micro: bigint;
}

/** A wallet has one points allocation: a second row for it in the same file is an error. */
function duplicateWallets(rows: ValidRow<PointsRow>[]): LineError[] {
  const firstLine = new Map<string, number>();
  const errors: LineError[] = [];
  for (const { line, value } of rows) {
    const first = firstLine.get(value.wallet);
    if (first === undefined) firstLine.set(value.wallet, line);
    else errors.push({ line, message: `duplicate wallet_address, first seen on line ${first}` });
  }
  return errors;
}

/**
 * Loads points allocations (`wallet_address,final_points,allocated_tokens`) from a CSV file, all or
 * nothing. The rows replace those of the same source; a wallet already held by another source rejects
 * the file. The aggregate stats are refreshed in the same transaction. While the demo data set is
 * loaded the import is refused unless `keepDemo`.
 */
export async function importPointsFile(db: Kysely<Database>, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const source = resolveSource(file, options.source);
  const demo = await demoRowsInTheWay(db, options);
  if (demo.refuse) return { ok: false, demoRows: demo.demoRows! };

  const checkWallet = walletChecker({ checksum: !options.allowUncheckedAddresses });
  const { rows, errors } = await readImportFile(
    file,
    pointsColumns,
    (fields) =>
      checkAll({
        wallet: checkWallet(fields.wallet_address),
        points: checkPoints('final_points', fields.final_points),
        micro: checkTokens('allocated_tokens', fields.allocated_tokens),
      }),
    options.onProgress,
  );
  const duplicates = duplicateWallets(rows);
  const duplicateLines = new Set(duplicates.map((error) => error.line));
  const firsts = rows.filter((row) => !duplicateLines.has(row.line));
  const owners = await findPointsWalletsOfOtherSources(db, source, firsts.map((row) => row.value.wallet));
  const taken = firsts.filter((row) => owners.has(row.value.wallet));
  const takenErrors = taken.map(({ line, value }) => ({
    line,
    message: `wallet_address ${value.wallet} already has a points allocation from source "${owners.get(value.wallet)}"`,
  }));
  const problems = byLine([...errors, ...duplicates, ...takenErrors]);
  if (problems.length) return { ok: false, errors: problems };
  const { totalMicro, error } = totalTokens(rows, (row) => row.micro);
  if (error) return { ok: false, errors: [error] };

  const allocations = rows.map(({ value }) => ({
    wallet_address: value.wallet,
    final_points: value.points,
    allocated_micro: Number(value.micro),
    source,
  }));
  const replacedRows = options.dryRun
    ? await countPointsAllocationsOfSource(db, source)
    : await replacePointsSource(db, source, allocations, options.onProgress);
  return {
    ok: true,
    source,
    rows: allocations.length,
    wallets: allocations.length,
    totalMicro,
    totalPoints: allocations.reduce((sum, row) => sum + BigInt(row.final_points), 0n),
    categories: null,
    replacedRows,
    demoRows: demo.demoRows,
    dryRun: options.dryRun ?? false,
  };
}
