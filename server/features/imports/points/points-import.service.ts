import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import {
  countPointsAllocationsOfSource,
  findPointsWalletsOfOtherSources,
  type NewPointsAllocation,
  replacePointsAllocations,
} from '../../point-allocations/index.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportResult,
  type LineError,
  resolveSource,
} from '../shared/import-file.js';
import { readImportRows } from '../shared/csv-reader.js';
import { bad, type Checked, checkAll, ok, quote } from '../shared/fields.js';
import { type ImportProgress, writeProgress } from '../shared/progress.js';
import { readTokensMicro } from '../shared/token-amount.js';
import { checkTotal } from '../shared/total-check.js';
import { walletChecker } from '../shared/wallet-check.js';

const pointsColumns = ['wallet_address', 'final_points', 'allocated_tokens'] as const;

const wholePattern = /^\d+$/;

function checkPoints(column: string, raw: string): Checked<number> {
  const points = Number(raw);
  if (!wholePattern.test(raw)) return bad(`${column} ${quote(raw)} is not a non-negative whole number`);
  if (!Number.isSafeInteger(points)) return bad(`${column} ${raw} is too large`);
  return ok(points);
}

function checkTokens(column: string, raw: string): Checked<number> {
  const micro = readTokensMicro(column, raw);
  return typeof micro === 'number' ? ok(micro) : bad(micro);
}

interface PointsRow {
  line: number;
  wallet: string;
  points: number;
  micro: number;
}

/** Streams the file and checks every row: the good rows, and one error per bad row. */
async function readPointsFile(file: string, options: ImportOptions): Promise<{ rows: PointsRow[]; errors: LineError[] }> {
  const checkWallet = walletChecker({ checksum: !options.allowUncheckedAddresses });
  const rows: PointsRow[] = [];
  const errors: LineError[] = [];
  for await (const batch of readImportRows(file, pointsColumns, errors, options.onProgress)) {
    for (const item of batch) {
      const [wallet, points, tokens] = item.values as [string, string, string];
      const checked = checkAll({
        wallet: checkWallet(wallet),
        points: checkPoints('final_points', points),
        micro: checkTokens('allocated_tokens', tokens),
      });
      if (!checked.ok) errors.push({ line: item.line, message: checked.problem });
      else rows.push({ line: item.line, ...checked.value });
    }
  }
  return { rows, errors };
}

/** A wallet has one points allocation: a second row for it in the same file is an error. */
function duplicateWallets(rows: PointsRow[]): LineError[] {
  const firstLine = new Map<string, number>();
  const errors: LineError[] = [];
  for (const { line, wallet } of rows) {
    const first = firstLine.get(wallet);
    if (first === undefined) firstLine.set(wallet, line);
    else errors.push({ line, message: `duplicate wallet_address, first seen on line ${first}` });
  }
  return errors;
}

/**
 * Writes the points allocations of `source`, replacing its earlier rows, in one transaction that also
 * refreshes the aggregate stats (a wallet held by another source fails the unique index and rolls
 * everything back); in a dry run only counts the rows that would be replaced. Returns that count.
 */
async function savePointsAllocations(
  db: Kysely<Database>,
  source: string,
  rows: readonly NewPointsAllocation[],
  options: { dryRun?: boolean; onProgress?: ImportProgress },
): Promise<number> {
  if (options.dryRun) return countPointsAllocationsOfSource(db, source);
  const onBatch = writeProgress(rows.length, options.onProgress);
  return db.transaction().execute((trx) => replacePointsAllocations(trx, source, rows, onBatch));
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

  const { rows, errors } = await readPointsFile(file, options);
  const duplicates = duplicateWallets(rows);
  const duplicateLines = new Set(duplicates.map((error) => error.line));
  const firsts = rows.filter((row) => !duplicateLines.has(row.line));
  const owners = await findPointsWalletsOfOtherSources(db, source, firsts.map((row) => row.wallet));
  const takenErrors = firsts
    .filter((row) => owners.has(row.wallet))
    .map(({ line, wallet }) => ({ line, message: `wallet_address ${wallet} already has a points allocation from source "${owners.get(wallet)}"` }));
  const problems = byLine([...errors, ...duplicates, ...takenErrors]);
  if (problems.length) return { ok: false, errors: problems };
  const { total, error } = checkTotal(
    rows.map((row) => row.micro),
    rows.map((row) => row.line),
    rows.length,
  );
  if (error) return { ok: false, errors: [error] };

  const allocations = rows.map((row) => ({ wallet_address: row.wallet, final_points: row.points, allocated_micro: row.micro, source }));
  const replacedRows = await savePointsAllocations(db, source, allocations, options);
  return {
    ok: true,
    source,
    rows: allocations.length,
    wallets: allocations.length,
    totalMicro: BigInt(total),
    totalPoints: allocations.reduce((sum, row) => sum + BigInt(row.final_points), 0n),
    categories: null,
    replacedRows,
    demoRows: demo.demoRows,
    dryRun: options.dryRun ?? false,
  };
}
