/** The body shared by `import:allocations` and `import:points`: arguments, progress, summary, exit code. */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { type ImportOptions, type ImportResult, sourceNameProblem } from '../server/features/imports/import-file.js';
import { microToString } from '../shared/token-amount.js';
import { field, plural, progressLine, runCli, UsageError, withDatabase } from './cli.js';

interface ImportCli {
  usage: string;
  help: string;
  importFile: (db: Kysely<Database>, file: string, options: ImportOptions) => Promise<ImportResult>;
}

export async function runImportCli({ usage, help, importFile }: ImportCli): Promise<void> {
  await runCli(usage, async () => {
    const { values, positionals } = parseArgs({
      options: { source: { type: 'string' }, 'dry-run': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(help);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError(positionals.length ? 'only one file at a time' : 'the CSV file is missing');
    const file = positionals[0]!;
    const problem = values.source === undefined ? null : sourceNameProblem(values.source);
    if (problem) throw new UsageError(`--source: ${problem}`);

    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      console.error(`error: ${file} is not a file (a relative path starts from ${process.cwd()})`);
      return 1;
    }

    const progress = progressLine();
    const result = await withDatabase((db) =>
      importFile(db, file, { source: values.source, dryRun: values['dry-run'], onProgress: progress.onProgress }),
    ).finally(progress.end);
    if (!result.ok) {
      for (const error of result.errors) console.error(`line ${error.line}: ${error.message}`);
      console.error(`rejected ${file}: ${plural(result.errors.length, 'bad row')}; the database was not changed`);
      return 1;
    }
    const verb = result.dryRun ? 'checked (dry run, nothing written)' : 'imported';
    console.log(`${verb} ${path.basename(file)} as source "${result.source}"`);
    console.log(field('rows', result.rows));
    console.log(field('wallets', result.wallets));
    if (result.totalPoints !== null) console.log(field('points', result.totalPoints));
    console.log(field('tokens', microToString(result.totalMicro)));
    const replaced = result.replacedRows
      ? `${plural(result.replacedRows, 'earlier row')} of this source`
      : 'nothing (first import of this source)';
    console.log(field(result.dryRun ? 'would replace' : 'replaced', replaced));
    return 0;
  });
}
