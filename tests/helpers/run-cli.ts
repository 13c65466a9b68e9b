import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../server/config.js';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

// Refused at once: a CLI that asks for the chain tip (import:allocations) never reaches a real explorer.
const noExplorer = 'http://127.0.0.1:9/no-explorer-in-tests';

/** Runs a CLI in `scripts/` as a child process against the test's database; never rejects. */
export function runCli(
  script: string,
  args: string[],
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    BLOCK_HEIGHT_URLS: noExplorer,
    ...extraEnv,
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl ?? '',
  };
  return new Promise((resolve) => {
    execFile(
      path.join(projectRoot, 'node_modules/.bin/tsx'),
      [path.join('scripts', script), ...args],
      { cwd: projectRoot, env },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
