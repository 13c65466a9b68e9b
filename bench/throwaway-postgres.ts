import { spawn } from 'node:child_process';

/**
 * Runs this very command again under scripts/with-postgres.sh, which starts a throwaway PostgreSQL
 * cluster (as user postgres when run as root) and removes it when the command ends, with DATABASE_URL
 * pointing at it. Resolves to the command's exit code.
 */
export function rerunWithThrowawayPostgres(): Promise<number> {
  const env = { ...process.env };
  // with-postgres.sh would otherwise use that server instead of starting one.
  delete env.TEST_DATABASE_URL;
  const child = spawn(
    'bash',
    [
      'scripts/with-postgres.sh',
      'sh',
      '-c',
      'DATABASE_URL="$TEST_DATABASE_URL" exec "$@"',
      'sh',
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { env, stdio: 'inherit' },
  );
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
