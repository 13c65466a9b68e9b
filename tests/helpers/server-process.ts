import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/free-port.js';
import { serverBundle, serverNodeFlags } from '../../scripts/server-build.js';
import { projectRoot } from './run-cli.js';

/**
 * A real server process listening on 127.0.0.1 and a free port: from the sources
 * (`node --import tsx server/main.ts`), or the compiled server as `npm start` runs it.
 */
export interface ServerProcess {
  name: string;
  port: number;
  /** `http://127.0.0.1:<port>` */
  base: string;
  child: ChildProcess;
  /** Everything it printed on stdout and stderr so far. */
  output: string[];
  /** Its exit code once it has ended. */
  exited: Promise<number | null>;
  /** Resolves once its output contains `text`; rejects if it exits first. */
  outputContains(text: string): Promise<void>;
  /** SIGTERM, then waits for the exit (nothing when it has ended). */
  stop(): Promise<void>;
}

/**
 * What every test's process wants unless it says otherwise: loopback only, no simulated X, no explorer,
 * and neither load shedding nor scheduled backups — a loaded test machine's loop delays must not answer
 * the test's polls 503, and a schedule must not write while the test runs.
 */
const quietDefaults: Record<string, string> = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  X_SIMULATED: 'false',
  SHED_EVENT_LOOP_DELAY_MS: '0',
  BACKUP_INTERVAL_HOURS: '0',
  BLOCK_HEIGHT_URLS: 'http://127.0.0.1:9/no-explorer-in-tests',
};

/** A process of its own on SQLite: its data, its backups and an absent client folder inside `workDir`. */
export function ownSqliteEnv(workDir: string) {
  return {
    DATA_DIR: path.join(workDir, 'data'),
    BACKUP_DIR: path.join(workDir, 'backups'),
    CLIENT_DIR: path.join(workDir, 'no-client'),
    DATABASE_URL: '',
    SESSION_SECRET: 'server-process-secret-long-enough-for-cookies',
  };
}

/**
 * Starts a server process with `env` over this process's own and waits until /healthz answers (60 s at
 * most). With `shippedRoot` (a folder holding what ships: tests/shipped) it runs the compiled server
 * there, with the Node flags and the bundle `npm start` runs; otherwise the sources. `port` when the
 * caller names the address before the start (PUBLIC_URL); a free one otherwise.
 */
export async function startServerProcess(
  env: Record<string, string>,
  name = 'server',
  { shippedRoot, port: chosenPort }: { shippedRoot?: string; port?: number } = {},
): Promise<ServerProcess> {
  const port = chosenPort ?? (await freePort());
  const command = shippedRoot
    ? [...serverNodeFlags, path.relative(projectRoot, serverBundle)]
    : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, command, {
    cwd: shippedRoot ?? projectRoot,
    env: { ...process.env, ...quietDefaults, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const server: ServerProcess = {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    output,
    exited,
    outputContains: (text) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (output.join('').includes(text)) {
            child.stdout!.off('data', check);
            child.stderr!.off('data', check);
            resolve();
          } else if (child.exitCode !== null) reject(new Error(`${name} exited before saying "${text}":\n${output.join('')}`));
        };
        child.stdout!.on('data', check);
        child.stderr!.on('data', check);
        check();
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${server.base}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not start:\n${output.join('')}`);
}
