import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Two cores or more and taskset: the servers get core 1, the load generator (this process) core 0. */
export const canPin = os.availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;

export function pinThisProcess(core: number): void {
  if (canPin) spawnSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
}

/** `node args…` pinned to `core` (taskset execs node, so the pid is node's), output to `logFile`. */
export function startNode(args: string[], options: { core: number; env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const log = fs.openSync(options.logFile, 'w');
  const [command, commandArgs] = canPin
    ? ['taskset', ['-c', String(options.core), process.execPath, ...args]]
    : [process.execPath, args];
  return spawn(command, commandArgs, { env: options.env, stdio: ['ignore', log, log] });
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Resident set size of a process in bytes (Linux), or null when unknown. */
export function rssOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const ticksPerSecond = 100;

/** CPU time (user + system) a process has used so far, in milliseconds (Linux), or null when unknown. */
export function cpuMsOf(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every `everyMs` until stopped; returns every sample. */
export function sampleRss(pid: number, everyMs = 250) {
  const samples: number[] = [];
  const timer = setInterval(() => {
    const rss = rssOf(pid);
    if (rss !== null) samples.push(rss);
  }, everyMs);
  return {
    samples,
    stop(): number[] {
      clearInterval(timer);
      return samples;
    },
  };
}
