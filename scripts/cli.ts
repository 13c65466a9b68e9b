/** What the data CLIs share: the configured database, usage errors, exit codes and a progress line. */
import path from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { loadConfig } from '../server/platform/config.js';
import { connectDatabase } from '../server/platform/db/connect.js';
import { prepareSchema } from '../server/platform/db/migrate.js';
import type { Database } from '../server/platform/db/schema.js';
import type { ImportProgress } from '../server/features/imports/index.js';
import { isStorageFull } from '../server/platform/lib/storage-full.js';

/** Wrong or missing arguments: the usage is printed and the exit code is 2. */
export class UsageError extends Error {}

/**
 * Opens the database of DATA_DIR / DATABASE_URL (or of `config`), migrates it (with MIGRATE_ON_START=false
 * only checks that nothing is pending), and always closes it.
 */
export async function withDatabase<T>(run: (db: Kysely<Database>) => Promise<T>, config = loadConfig()): Promise<T> {
  const { db } = connectDatabase(config);
  try {
    await prepareSchema(db, config);
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** Where the space ran out, for a write to the configured database refused for lack of it. */
export function noSpaceLeft(): string {
  const config = loadConfig();
  return config.databaseUrl
    ? "no space left on the PostgreSQL server's disk (DATABASE_URL)"
    : `no space left on the device holding DATA_DIR (${path.resolve(config.dataDir)})`;
}

/** A write refused for lack of space: a file's folder when the error names one (ENOSPC), else the database's. */
function noSpaceText(error: unknown): string {
  const file = (error as { path?: unknown }).path;
  const where = typeof file === 'string' ? `no space left on the device holding ${path.dirname(path.resolve(file))}` : noSpaceLeft();
  return `${where}; free some space and run it again`;
}

/** Runs a CLI body that returns its exit code; usage errors exit 2, any other failure 1. */
async function runCli(usage: string, main: () => Promise<number>): Promise<void> {
  try {
    process.exitCode = await main();
  } catch (error) {
    const parseError = error instanceof TypeError && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS');
    if (error instanceof UsageError || parseError) {
      console.error(`error: ${(error as Error).message}\n${usage}`);
      process.exitCode = 2;
      return;
    }
    console.error(`error: ${isStorageFull(error) ? noSpaceText(error) : error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;
type ParsedArgs<O extends Options> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true }>>;

export interface Command<O extends Options> {
  /** The usage line(s), printed after a usage error. */
  usage: string;
  /** The whole `--help` text. */
  help: string;
  /** The command's own options; `-h`/`--help` is added. */
  options?: O;
  /** Whether it takes arguments besides its options; without, any argument is a usage error. */
  positionals?: boolean;
}

/**
 * Runs a CLI: parses its arguments strictly, prints `help` and exits 0 on `--help`, and otherwise runs
 * `main`, whose result is the exit code. An unknown option or a UsageError prints the usage and exits 2.
 */
export async function runCommand<const O extends Options = Record<never, never>>(
  command: Command<O>,
  main: (args: ParsedArgs<O>) => Promise<number>,
): Promise<void> {
  await runCli(command.usage, async () => {
    const options = { ...command.options, help: { type: 'boolean', short: 'h' } } as const;
    const args = parseArgs({ options, allowPositionals: true });
    if (args.values.help) {
      console.log(command.help);
      return 0;
    }
    if (!command.positionals && args.positionals.length) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
    return main(args as ParsedArgs<O>);
  });
}

export const count = (value: number | bigint) => value.toLocaleString('en-US');

/** One aligned `label: value` line of a summary. */
export const field = (label: string, value: string | number | bigint) =>
  `  ${`${label}:`.padEnd(17)} ${typeof value === 'string' ? value : count(value)}`;

export const plural = (value: number, noun: string) => `${count(value)} ${noun}${value === 1 ? '' : 's'}`;

/**
 * Progress on stderr: one `\r`-updated line on a terminal, a line per update otherwise (logs and pipes
 * keep every step readable). Only large files report progress, so small ones stay quiet.
 */
export function progressLine(stream: NodeJS.WriteStream = process.stderr) {
  let phase: string | null = null;
  const onProgress: ImportProgress = (event) => {
    const of = event.total === undefined ? '' : ` of ${count(event.total)}`;
    const text = `${event.phase === 'read' ? 'checked' : 'written'} ${count(event.rows)}${of} rows`;
    if (!stream.isTTY) {
      stream.write(`${text}\n`);
      return;
    }
    if (phase !== null && phase !== event.phase) stream.write('\n');
    phase = event.phase;
    stream.write(`\r${text}`);
  };
  const end = () => {
    if (phase !== null) stream.write('\n');
    phase = null;
  };
  return { onProgress, end };
}
