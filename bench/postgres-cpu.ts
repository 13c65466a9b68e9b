import fs from 'node:fs';
import pg from 'pg';
import { cpuMsOf } from './processes.js';

const ticksPerSecond = 100;

/** A process's parent pid (Linux), or null when it cannot be read. */
function parentOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * The postmaster of the cluster `databaseUrl` reaches, when it runs on this machine: the parent of the
 * backend serving a connection. Null for a server elsewhere (its CPU is then not reported).
 */
export async function findPostmaster(databaseUrl: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return parentOf(rows[0]!.pid);
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/**
 * CPU time used so far by a PostgreSQL cluster, in ms: the postmaster, each of its live processes
 * (backends, writers), and its exited children (a backend that ends moves its time there).
 */
export function clusterCpuMs(postmaster: number): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${postmaster}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: the 12th to 15th fields after the command name.
  let ms = ((Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 1000) / ticksPerSecond;
  // Every process on the machine is read for its parent: /proc/PID/task/PID/children is not in every kernel.
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && parentOf(pid) === postmaster) ms += cpuMsOf(pid) ?? 0;
  }
  return ms;
}
