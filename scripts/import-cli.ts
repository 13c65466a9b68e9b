/**
 * The body shared by `import:allocations` and `import:points`: arguments, progress, summary, exit code;
 * `import:payouts` uses its file argument, progress and refusals.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../server/platform/db/schema.js';
import { type DemoCounts, demoRefusal, describeDemoCounts } from '../server/features/demo/index.js';
import { commandActor } from '../server/features/audit/index.js';
import {
  extraCategoryProblem,
  type ImportAccepted,
  type ImportOptions,
  type ImportProgress,
  type ImportResult,
  sourceNameProblem,
} from '../server/features/imports/index.js';
import { isStorageFull } from '../server/platform/lib/storage-full.js';
import { microToString } from '@shared/token-amount';
import { parseAsOfBlock, snapshotHeight, snapshotLines } from './allocation-snapshot.js';
import { field, noSpaceLeft, plural, progressLine, runCommand, UsageError, withDatabase } from './cli.js';
import { printGuardRefusal, wholeListLines, writtenChangeLines } from './list-guard-lines.js';
import type { SourceRemovalArgs } from './remove-source-cli.js';
import { afterRevealOptions, publicationLines, readAfterReveal, rootChangeLines } from './root-publication.js';

interface ImportCli {
  usage: string;
  help: string;
  /** Whether the file has a category column, so --category applies. */
  categories: boolean;
  /** import:allocations: takes --as-of-block and, after a written import, records the snapshot and prints the Merkle root. */
  snapshot?: boolean;
  importFile: (db: Kysely<Database>, file: string, options: ImportOptions) => Promise<ImportResult>;
  /** import:allocations: `--remove-source NAME` runs this instead of an import. */
  removeSource?: (args: SourceRemovalArgs) => Promise<number>;
}

function printCategories(result: ImportAccepted): void {
  if (!result.categories) return;
  console.log('  per category:');
  const width = Math.max(...result.categories.map((total) => total.category.length));
  for (const total of result.categories) {
    console.log(`    ${total.category.padEnd(width)}  ${plural(total.rows, 'wallet').padStart(14)}  ${microToString(total.totalMicro)} tokens`);
  }
}

const orNone = (micro: string | null) => (micro === null ? '-' : microToString(BigInt(micro)));

/** A dry run of import:allocations: what replacing the live rows of the source would change. */
function printDifference(difference: NonNullable<ImportAccepted['difference']>): void {
  console.log(`difference from the live rows of "${difference.source}":`);
  console.log(field('added', plural(difference.added, 'wallet')));
  console.log(field('removed', plural(difference.removed, 'wallet')));
  console.log(field('changed', plural(difference.changed, 'wallet')));
  console.log(field('unchanged', plural(difference.unchanged, 'wallet')));
  console.log(field('tokens', `${microToString(BigInt(difference.liveTotalMicro))} -> ${microToString(BigInt(difference.candidateTotalMicro))}`));
  console.log(field('old root', difference.oldRoot ?? 'none (no records)'));
  console.log(field(difference.newRootAfterDemoRemove ? 'new root (after demo:remove)' : 'new root', difference.newRoot ?? 'none (no records)'));
  if (difference.wallets.length === 0) return;
  const shown = difference.more ? `first ${difference.wallets.length}` : 'all';
  console.log(`  differing wallets (${shown}, by address; old -> new tokens):`);
  for (const wallet of difference.wallets) {
    console.log(`    ${wallet.kind.padEnd(7)}  ${wallet.wallet}  ${orNone(wallet.oldTotalMicro)} -> ${orNone(wallet.newTotalMicro)}`);
    for (const category of wallet.categories) {
      console.log(`               ${category.category}: ${orNone(category.oldMicro)} -> ${orNone(category.newMicro)}`);
    }
  }
  if (difference.more) console.log(`    ... and ${plural(difference.more, 'more wallet')} (--show N lists more)`);
}

function printSummary(file: string, result: ImportAccepted): void {
  const verb = result.dryRun ? 'checked (dry run, nothing written)' : 'imported';
  console.log(`${verb} ${path.basename(file)} as source "${result.source}"`);
  console.log(field('rows', result.rows));
  console.log(field('wallets', result.wallets));
  if (result.totalPoints !== null) console.log(field('points', result.totalPoints));
  console.log(field('tokens', microToString(result.totalMicro)));
  printCategories(result);
  const replaced = result.replacedRows
    ? `${plural(result.replacedRows, 'earlier row')} of this source`
    : 'nothing (first import of this source)';
  console.log(field(result.dryRun ? 'would replace' : 'replaced', replaced));
  if (result.demoRows) console.log(demoNote(result.demoRows, result.dryRun));
  if (result.difference) printDifference(result.difference);
  if (result.difference) for (const line of wholeListLines(result.difference, 'import')) console.log(line);
  for (const line of writtenChangeLines(result.listChange)) console.log(line);
}

/** After an import's summary: the demo rows it was checked or written beside. */
export function demoNote(demoRows: DemoCounts, dryRun: boolean): string {
  const demo = describeDemoCounts(demoRows);
  return dryRun
    ? `note: the demo data set is loaded (${demo}); the real import is refused until \`npm run demo:remove\`, or given --keep-demo`
    : `note: kept beside the demo data set (${demo}); \`npm run demo:remove\` deletes it`;
}

/** The one file an import reads: a usage error for none or several. */
export function fileArgument(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'only one file at a time' : 'the CSV file is missing');
  return positionals[0]!;
}

/** Whether `file` is a file; when not, says so on stderr. */
export function isAFile(file: string): boolean {
  if (fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return true;
  console.error(`error: ${file} is not a file (a relative path starts from ${process.cwd()})`);
  return false;
}

/**
 * Runs an import on the configured database with its progress line on stderr; null, said on stderr, when
 * the disk filled up, which changed nothing (an import is one transaction).
 */
export async function runImport<T>(file: string, run: (db: Kysely<Database>, onProgress: ImportProgress) => Promise<T>): Promise<T | null> {
  const progress = progressLine();
  try {
    return await withDatabase((db) => run(db, progress.onProgress));
  } catch (error) {
    if (!isStorageFull(error)) throw error;
    progress.end();
    console.error(`error: ${noSpaceLeft()}`);
    console.error(`refused ${file}; the database was not changed. Free some space and run the import again.`);
    return null;
  } finally {
    progress.end();
  }
}

/** A refused import on stderr: the demo data set in the way, or every bad row by line. Returns exit code 1. */
export function printRefusal(file: string, refusal: { demoRows: DemoCounts } | { errors: readonly { line: number; message: string }[] }): number {
  if ('demoRows' in refusal) {
    console.error(`error: ${demoRefusal(refusal.demoRows)}`);
    console.error(`refused ${file}; the database was not changed`);
    return 1;
  }
  for (const error of refusal.errors) console.error(`line ${error.line}: ${error.message}`);
  console.error(`rejected ${file}: ${plural(refusal.errors.length, 'bad row')}; the database was not changed`);
  return 1;
}

const options = {
  source: { type: 'string' },
  'dry-run': { type: 'boolean' },
  'keep-demo': { type: 'boolean' },
  'allow-unchecked-addresses': { type: 'boolean' },
  category: { type: 'string', multiple: true },
  'as-of-block': { type: 'string' },
  show: { type: 'string' },
  replace: { type: 'boolean' },
  'remove-source': { type: 'string' },
  ...afterRevealOptions,
} as const;

export async function runImportCli({ usage, help, categories, snapshot, importFile, removeSource }: ImportCli): Promise<void> {
  await runCommand({ usage, help, options, positionals: true }, async ({ values, positionals }) => {
    if (values['remove-source'] !== undefined) {
      if (!removeSource) throw new UsageError('--remove-source applies to import:allocations');
      return removeSource({ name: values['remove-source'], values, positionals, printDifference });
    }
    if (values.replace && !snapshot) throw new UsageError('--replace applies to import:allocations');
    const file = fileArgument(positionals);
    const problem = values.source === undefined ? null : sourceNameProblem(values.source);
    if (problem) throw new UsageError(`--source: ${problem}`);
    if (values.category && !categories) throw new UsageError('--category applies to files with a category column (import:allocations)');
    for (const name of values.category ?? []) {
      const categoryProblem = extraCategoryProblem(name);
      if (categoryProblem) throw new UsageError(`--category: ${categoryProblem}`);
    }
    if (values['as-of-block'] !== undefined && !snapshot) throw new UsageError('--as-of-block applies to import:allocations');
    const asOfBlock = parseAsOfBlock(values['as-of-block']);
    const afterReveal = readAfterReveal(values);
    if (afterReveal && !snapshot) throw new UsageError('--after-reveal applies to import:allocations');
    if (values.show !== undefined && !snapshot) throw new UsageError('--show applies to import:allocations');
    if (values.show !== undefined && !values['dry-run']) throw new UsageError('--show applies to a --dry-run');
    const show = values.show === undefined ? undefined : Number(values.show);
    if (show !== undefined && (!Number.isSafeInteger(show) || show < 0 || !/^[0-9]+$/.test(values.show!))) {
      throw new UsageError('--show: a whole number of wallets, e.g. 50');
    }

    if (!isAFile(file)) return 1;

    let height: number | null = null;
    const label = async () => {
      height = await snapshotHeight(asOfBlock);
      return { asOfBlock: height, importedAt: Date.now() };
    };
    let summaryLines: string[] = [];
    // The import, its label included, is one transaction: refused for lack of space, it changed nothing.
    const result = await runImport(file, async (db, onProgress) => {
      const imported = await importFile(db, file, {
        source: values.source,
        dryRun: values['dry-run'],
        keepDemo: values['keep-demo'],
        allowUncheckedAddresses: values['allow-unchecked-addresses'],
        extraCategories: values.category,
        ...(snapshot ? { snapshot: label } : {}),
        onProgress,
        by: commandActor(os.userInfo().username),
        ...(show === undefined ? {} : { differenceLimit: show }),
        ...(values.replace ? { replace: true } : {}),
        ...(afterReveal ? { afterReveal } : {}),
      });
      if (snapshot && imported.ok && !imported.dryRun) summaryLines = snapshotLines(height, asOfBlock, imported.merkle);
      return imported;
    });
    if (result === null) return 1;
    if (!result.ok) return 'refused' in result ? printGuardRefusal(result, { file }, printDifference) : printRefusal(file, result);
    printSummary(file, result);
    for (const line of summaryLines) console.log(line);
    for (const line of [...publicationLines(result.publication), ...rootChangeLines(result.rootChange)]) console.log(line);
    return 0;
  });
}
