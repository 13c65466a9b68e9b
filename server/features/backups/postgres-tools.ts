import { spawn } from 'node:child_process';

/** The schema a `options=-c search_path=…` in a PostgreSQL URL selects, or null (the whole database). */
export function searchPathSchema(databaseUrl: string): string | null {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  const match = /search_path\s*=\s*([^\s,]+)/.exec(options);
  return match ? match[1]!.replace(/^"|"$/g, '') : null;
}

/**
 * The URL as libpq reads it: WHATWG URLs write a space in the query as `+`, which libpq keeps as a plus
 * (`options=-c+search_path=…` is refused), so every parameter is written percent-encoded.
 */
export function libpqUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const query = [...url.searchParams].map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
  url.search = '';
  return query ? `${url.toString()}?${query}` : url.toString();
}

/** What to do when the role of DATABASE_URL may not create what the restore writes into `database`. */
export function createWithOwnerAdvice(role: string, database: string): string {
  return `create the database with createdb --owner ${role} ${database} (or, while it is empty, ALTER DATABASE ${database} OWNER TO ${role}), then run the restore again`;
}

/**
 * pg_restore's failure as the restore prints it. A refused right ("permission denied", as in a database
 * made by `createdb NAME` as another role on PostgreSQL 15 and later) says first how to fix it.
 */
export function pgRestoreProblem(message: string, rights: { role: string; database: string }): string {
  if (!/permission denied/i.test(message)) return `pg_restore: ${message}`;
  return `pg_restore was refused a right role ${rights.role} needs in database ${rights.database}: ${createWithOwnerAdvice(rights.role, rights.database)}. pg_restore: ${message}`;
}

export class PostgresToolError extends Error {}

interface ToolRun {
  stdout: string;
  stderr: string;
}

/** Runs a PostgreSQL client tool; a readable error when it is not installed or fails. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: readonly string[]): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new PostgresToolError(`${tool} is not on the PATH: install PostgreSQL's client tools (Debian: the postgresql-client package) of the server's version or newer`)
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new PostgresToolError(`${tool} failed (exit code ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** The major version of an installed tool (`pg_dump (PostgreSQL) 16.4 (Debian …)` → 16). */
export async function toolMajorVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const { stdout } = await runPostgresTool(tool, ['--version']);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!match) throw new PostgresToolError(`cannot read the version of ${tool} from "${stdout.trim()}"`);
  return Number(match[1]);
}

/** pg_dump refuses (or misreads) a server newer than itself: say so before it starts. */
export async function checkToolVersion(tool: 'pg_dump' | 'pg_restore', serverVersionNum: number): Promise<void> {
  const serverMajor = Math.floor(serverVersionNum / 10_000);
  if (!Number.isInteger(serverMajor) || serverMajor <= 0) throw new PostgresToolError(`cannot tell the server's version (${serverVersionNum})`);
  const toolMajor = await toolMajorVersion(tool);
  if (toolMajor < serverMajor) {
    throw new PostgresToolError(
      `${tool} ${toolMajor} is older than the PostgreSQL ${serverMajor} server: install the client tools of version ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}) and put them first on the PATH`,
    );
  }
}
