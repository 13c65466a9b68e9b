import { createHash } from 'node:crypto';
import type { Kysely, PostgresPoolClient } from 'kysely';
import type PG from 'pg';
import { copyOnClient } from './copy-from-stdin.js';
import type { Database } from './schema.js';

/**
 * The SQL texts PostgreSQL runs as named statements: parsed and planned once per connection, then only
 * bound and executed, instead of parsed and planned on every call. Only the app's hot queries are
 * named (`preparedQuery`): a connection keeps each name for its lifetime, so a text built per call
 * (a list of values spelled out) must never be one.
 */
export class NamedStatements {
  readonly #names = new Map<string, string>();

  name(sql: string): void {
    if (!this.#names.has(sql)) this.#names.set(sql, `acorn_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`);
  }

  nameOf(sql: string): string | undefined {
    return this.#names.get(sql);
  }
}

const statementsOf = new WeakMap<Kysely<Database>, NamedStatements>();

/** `db` runs the texts `statements` names as named statements (its pool's clients go through `namingClient`). */
export function runsNamedStatements(db: Kysely<Database>, statements: NamedStatements): void {
  statementsOf.set(db, statements);
}

/** Runs `sql` as a named statement from now on, where `db` can (PostgreSQL; SQLite's driver keeps its statements itself). */
export function nameStatement(db: Kysely<Database>, sql: string): void {
  statementsOf.get(db)?.name(sql);
}

const clientsOf = new WeakMap<PG.PoolClient, PostgresPoolClient>();

/**
 * The client Kysely is handed for a pg connection: a named text is sent with its name, a COPY fed
 * from a CopySource streams it (copy-from-stdin.ts), and `released` hears each time it is given back.
 * One per connection, as Kysely keeps its own connection object per client it is given.
 */
export function namingClient(client: PG.PoolClient, statements: NamedStatements, released: () => void = () => {}): PostgresPoolClient {
  let naming = clientsOf.get(client);
  if (naming) return naming;
  function query(sqlOrCursor: unknown, parameters?: readonly unknown[]): unknown {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as PG.Submittable);
    const values = parameters as unknown[];
    const copy = copyOnClient(client, sqlOrCursor, values);
    if (copy) return copy;
    const name = statements.nameOf(sqlOrCursor);
    return name === undefined ? client.query(sqlOrCursor, values) : client.query({ name, text: sqlOrCursor, values });
  }
  naming = {
    query: query as PostgresPoolClient['query'],
    release: () => {
      released();
      client.release();
    },
  };
  clientsOf.set(client, naming);
  return naming;
}
