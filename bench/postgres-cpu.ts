import pg from 'pg';
import { parentOf } from './processes.js';

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
