import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../server/platform/config.js';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A file of tests/fixtures. */
export const fixture = (name: string) => path.join(projectRoot, 'tests/fixtures', name);

// Refused at once: a CLI that asks for the chain tip (import:allocations) never reaches a real explorer.
const noExplorer = 'http://127.0.0.1:9/no-explorer-in-tests';

const npmScripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).scripts;

/**
 * Runs a command of package.json as the operator does, `npm run <script> -- <args>`, against the test's
 * database, as a child process; never rejects.
 */
export function runCli(
  script: string,
  args: string[],
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  if (!(script in npmScripts)) throw new Error(`runCli takes a script of package.json ("${script}" is none)`);
  const env = {
    ...process.env,
    BLOCK_HEIGHT_URLS: noExplorer,
    ...extraEnv,
    DATA_DIR: config.dataDir,
    DATABASE_URL: config.databaseUrl ?? '',
  };
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', ...args], { cwd: projectRoot, env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}
