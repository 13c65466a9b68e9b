/** `npm run import:allocations -- --remove-source NAME`: drops one source of the allocation list, on purpose. */
import os from 'node:os';
import { demoRefusal, describeDemoCounts } from '../server/features/demo/index.js';
import { commandActor } from '../server/features/audit/index.js';
import { type ListDifference, removeAllocationSource, sourceNameProblem } from '../server/features/imports/index.js';
import { snapshotLines } from './allocation-snapshot.js';
import { field, UsageError, withDatabase } from './cli.js';
import { printGuardRefusal, wholeListLines, writtenChangeLines } from './list-guard-lines.js';
import { publicationLines, readAfterReveal, rootChangeLines } from './root-publication.js';

export interface SourceRemovalArgs {
  /** The value of --remove-source. */
  name: string;
  /** The other options given (only --dry-run, --replace, --keep-demo, --after-reveal --reason and --show apply). */
  values: Record<string, unknown>;
  positionals: string[];
  printDifference: (difference: ListDifference) => void;
}

const fileOptions = ['source', 'category', 'allow-unchecked-addresses', 'as-of-block'];

export async function runSourceRemoval({ name, values, positionals, printDifference }: SourceRemovalArgs): Promise<number> {
  if (positionals.length) throw new UsageError('--remove-source takes no file');
  for (const option of fileOptions) if (values[option] !== undefined) throw new UsageError(`--${option} applies to a file, not to --remove-source`);
  const problem = sourceNameProblem(name);
  if (problem) throw new UsageError(`--remove-source: ${problem}${name.trim() === 'demo' ? ' (npm run demo:remove removes it)' : ''}`);
  const dryRun = values['dry-run'] === true;
  const rawShow = values.show as string | undefined;
  if (rawShow !== undefined && !dryRun) throw new UsageError('--show applies to a --dry-run');
  if (rawShow !== undefined && !/^[0-9]+$/.test(rawShow)) throw new UsageError('--show: a whole number of wallets, e.g. 50');
  const afterReveal = readAfterReveal(values as { 'after-reveal'?: boolean; reason?: string });

  const result = await withDatabase((db) =>
    removeAllocationSource(db, name, {
      dryRun,
      replace: values.replace === true,
      keepDemo: values['keep-demo'] === true,
      ...(afterReveal ? { afterReveal } : {}),
      by: commandActor(os.userInfo().username),
      ...(rawShow === undefined ? {} : { differenceLimit: Number(rawShow) }),
    }),
  );
  const subject = { removedSource: name.trim() };
  if (!result.ok) {
    if ('unknownSource' in result) {
      console.error(`error: no allocation records or snapshot under source "${result.unknownSource}" (the console's Imports section lists every source)`);
    } else if ('demoRows' in result) {
      console.error(`error: ${demoRefusal(result.demoRows)}`);
    } else return printGuardRefusal(result, subject, printDifference);
    console.error(`refused --remove-source ${subject.removedSource}; the database was not changed`);
    return 1;
  }
  if (result.dryRun) {
    console.log(`checked (dry run, nothing written) the removal of source "${result.source}"`);
    console.log(field('rows', result.removedRows));
    if (result.demoRows) console.log(`note: the demo data set is loaded (${describeDemoCounts(result.demoRows)}); the removal is refused until \`npm run demo:remove\`, or given --keep-demo`);
    printDifference(result.difference!);
    for (const line of [...wholeListLines(result.difference!, 'removal'), ...rootChangeLines(result.rootChange, 'the removal')]) console.log(line);
    return 0;
  }
  console.log(`removed source "${result.source}" and its snapshot`);
  console.log(field('rows', result.removedRows));
  for (const line of writtenChangeLines(result.listChange)) console.log(line);
  for (const line of snapshotLines(null, undefined, result.merkle).slice(1)) console.log(line);
  for (const line of publicationLines(result.publication)) console.log(line);
  return 0;
}
