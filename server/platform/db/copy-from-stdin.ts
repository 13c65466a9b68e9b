import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CompiledQuery, type Kysely } from 'kysely';
import type PG from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './schema.js';

/** The lines a `COPY … FROM STDIN` reads, riding as the statement's one parameter to the connection's client. */
class CopySource {
  constructor(readonly chunks: Iterable<string>) {}
}

const copyEscapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const copySpecial = /[\\\t\n\r]/;
const everyCopySpecial = new RegExp(copySpecial.source, 'g');

/** Whether COPY's text format needs `value` escaped (copyText) to read it back in one column. */
export const needsCopyEscape = (value: string): boolean => copySpecial.test(value);

/** A value as COPY's text format reads it in a column: backslash, tab and line ends escaped. */
export function copyText(value: string): string {
  return needsCopyEscape(value) ? value.replace(everyCopySpecial, (character) => copyEscapes[character]!) : value;
}

/**
 * PostgreSQL: `COPY table (columns) FROM STDIN` on the caller's connection (its transaction), fed
 * `chunks` of text-format lines (tab-separated, `copyText` each value, each line ending in "\n") as
 * PostgreSQL takes them. The fastest way rows go in; the next chunk is made while the last is stored.
 */
export async function copyFromStdin(db: Kysely<Database>, table: string, columns: readonly string[], chunks: Iterable<string>): Promise<void> {
  const names = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const statement = `copy ${names(table)} (${columns.map(names).join(', ')}) from stdin`;
  await db.executeQuery(CompiledQuery.raw(statement, [new CopySource(chunks)]));
}

/** What the connection's client runs for a statement whose parameter is a CopySource, or null for any other. */
export function copyOnClient(client: PG.PoolClient, sql: string, values: readonly unknown[] | undefined): Promise<PG.QueryResult> | null {
  const source = values?.[0];
  if (!(source instanceof CopySource)) return null;
  return (async () => {
    const copy = client.query(copyFrom(sql));
    await pipeline(Readable.from(source.chunks, { objectMode: false }), copy);
    return { command: 'COPY', rowCount: copy.rowCount, rows: [], oid: 0, fields: [] };
  })();
}
