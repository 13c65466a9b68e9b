import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Two cores or more and taskset: the servers get core 1, the load generator (this process) core 0. */
export const canPin = os.availableParallelism() >= 2 && spawnSync('taskset', ['--version']).status === 0;

export function pinThisProcess(core: number): void {
  if (canPin) spawnSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
}

/** `node args…` pinned to `core` unless null (taskset execs node, so the pid is node's), output to `logFile`. */
export function startNode(args: string[], options: { core: number | null; env: NodeJS.ProcessEnv; logFile: string }): ChildProcess {
  const log = fs.openSync(options.logFile, 'w');
  const [command, commandArgs] = canPin && options.core !== null
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

/** The fields of /proc/PID/stat after the command name (which may hold spaces), or null when it cannot be read. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process's parent pid (Linux), or null when it cannot be read. */
export function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields === null ? null : Number(fields[1]);
}

/** CPU time (user + system) a process has used so far, in milliseconds (Linux), or null when unknown. */
export function cpuMsOf(pid: number): number | null {
  const fields = statFields(pid);
  // utime and stime: the 12th and 13th fields after the command name.
  return fields === null ? null : ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

/**
 * CPU time used so far by a process and its children, in ms: its own, each live child's, and that of
 * its exited children (a child that ends moves its time there). A PostgreSQL cluster is its postmaster
 * and the backends and writers it forks; nginx is its master and the workers.
 */
export function withChildrenCpuMs(parent: number): number | null {
  const fields = statFields(parent);
  if (fields === null) return null;
  // utime, stime, cutime, cstime: the 12th to 15th fields after the command name.
  let ms = ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
  // Every process on the machine is read for its parent: /proc/PID/task/PID/children is not in every kernel.
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && parentOf(pid) === parent) ms += cpuMsOf(pid) ?? 0;
  }
  return ms;
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
