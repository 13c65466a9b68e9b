import fs from 'node:fs';
import path from 'node:path';
import { revealAt } from '../../server/features/launch/launch.service.js';
import { buildDatabase, perTest } from './build-app.js';
import { runCli } from './run-cli.js';
import type { TestDatabase } from './test-app.js';

/** The far-ahead reveal the launch steps set before loading the list: imports publish no root until then. */
export const revealFarAhead = '2099-12-01T15:00:00.000Z';

/** A migrated database of the test's own for the operator's commands, with its DATA_DIR for the files they read. */
export interface CliDatabase extends TestDatabase {
  /** Writes `content` to `name` in DATA_DIR; returns the path. */
  writeFile(name: string, content: string | Buffer): string;
  /** `npm run <script> -- <args>` on this database (runCli). */
  run(script: string, args: string[], extraEnv?: Record<string, string>): ReturnType<typeof runCli>;
}

export interface CliDatabaseOptions {
  /** Hides the allocation list until `revealFarAhead`, as the launch steps do before its imports. */
  listHidden?: boolean;
}

/** A CliDatabase for the running test, closed when it finishes. */
export async function buildCliDatabase({ listHidden = false }: CliDatabaseOptions = {}): Promise<CliDatabase> {
  const database = await buildDatabase();
  if (listHidden) await revealAt(database.db, { kind: 'time', at: revealFarAhead });
  return {
    ...database,
    writeFile: (name, content) => {
      const file = path.join(database.config.dataDir, name);
      fs.writeFileSync(file, content);
      return file;
    },
    run: (script, args, extraEnv) => runCli(script, args, database.config, extraEnv),
  };
}

/** `buildCliDatabase` before each test. */
export function useCliDatabase(options: CliDatabaseOptions = {}): CliDatabase {
  return perTest(() => buildCliDatabase(options));
}
