import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../scripts/free-port.js';
import { serverNodeFlags } from '../../scripts/server-build.js';
import { projectRoot } from '../helpers/run-cli.js';
import { ownSqliteEnv } from '../helpers/server-process.js';

/** The processes below `pid`, as their command lines (Linux /proc). */
function descendants(pid: number): string[][] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while listed
    }
  }
  const found: string[][] = [];
  const walk = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      try {
        found.push(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').filter(Boolean));
      } catch {
        // ended while listed
      }
      walk(child);
    }
  };
  walk(pid);
  return found;
}

it('npm run start:server runs the compiled server with the Node flags of scripts/server-build.ts', async () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-start-server-'));
  const port = await freePort();
  const npm = spawn('npm', ['run', '--silent', 'start:server'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...ownSqliteEnv(workDir),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      X_SIMULATED: 'false',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      BACKUP_INTERVAL_HOURS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  onTestFinished(async () => {
    // npm passes the signal on to the server, then exits with it.
    if (npm.exitCode === null) await Promise.all([once(npm, 'exit'), npm.kill('SIGTERM')]);
    fs.rmSync(workDir, { recursive: true, force: true });
  });
  let output = '';
  npm.stdout!.on('data', (chunk) => (output += chunk));
  npm.stderr!.on('data', (chunk) => (output += chunk));
  // The build (when stale) and the migrations take seconds on a busy machine.
  for (let attempt = 0; ; attempt++) {
    if (npm.exitCode !== null) throw new Error(`start:server exited early:\n${output}`);
    if (attempt === 600) throw new Error(`start:server did not answer:\n${output}`);
    if ((await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const server = descendants(npm.pid!).find((command) => command.includes('dist/server/main.js'));
  expect(server, `no server process below npm:\n${output}`).toBeDefined();
  expect(path.basename(server![0]!)).toBe('node');
  expect(server!.slice(1)).toEqual([...serverNodeFlags, 'dist/server/main.js']);
}, 180_000);
