import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../scripts/free-port.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of one test file's own, on 127.0.0.1 and a free port, in a temp folder: a test
 * that stops its server must not stop the cluster other test files share (scripts/with-postgres.sh).
 */
export interface PostgresCluster {
  url: string;
  /** `pg_ctl stop -m fast`: every connection is ended and new ones are refused until start(). */
  stop(): Promise<void>;
  /** Starts it again (nothing when it runs). */
  start(): Promise<void>;
  /** SIGSTOP to every process of the server: connections stay open and nothing answers, as behind a lost network. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  remove(): Promise<void>;
}

function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).filter((dir) => fs.existsSync(path.join(dir, 'initdb')));
  const dir = found.at(-1);
  if (!dir) throw new Error("PostgreSQL is not installed: install Debian's 'postgresql' package (initdb and pg_ctl are needed).");
  return dir;
}

/** Sends `signal` to the postmaster and every backend it started. */
async function signalServer(data: string, signal: 'STOP' | 'CONT'): Promise<void> {
  const postmaster = fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
  const children = (await run('pgrep', ['-P', postmaster]).catch(() => ({ stdout: '' }))).stdout.split(/\s+/).filter(Boolean);
  for (const pid of [postmaster, ...children]) process.kill(Number(pid), `SIG${signal}`);
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'acorn-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(work, Number((await run('id', ['-u', 'postgres'])).stdout.trim()), fs.statSync(work).gid);
  // As root, the server runs as postgres (it refuses root), from its own folder (postgres may not enter the caller's).
  const asOwner = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: work }) : run(command, args, { cwd: work });

  const data = path.join(work, 'data');
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtl = path.join(bin, 'pg_ctl');
  let running = false;
  const start = async () => {
    if (running) return;
    await asOwner(pgCtl, ['-D', data, '-l', path.join(work, 'server.log'), '-w', '-o', serverOptions, 'start']);
    running = true;
  };
  await asOwner(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await asOwner(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    start,
    pause: () => signalServer(data, 'STOP'),
    resume: () => signalServer(data, 'CONT'),
    remove: async () => {
      await asOwner(pgCtl, ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
      fs.rmSync(work, { recursive: true, force: true });
    },
  };
}
