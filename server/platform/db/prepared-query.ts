import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { nameStatement } from './named-statements.js';
import { readNow } from './read-now.js';
import type { Database } from './schema.js';

/** Where each compiled parameter comes from: an argument of the call, or a value fixed by the builder. */
type Slot = { argument: number } | { value: unknown };

interface Template<Row> {
  query: CompiledQuery<Row>;
  slots: Slot[];
}

/**
 * A hot query built and compiled by Kysely once per database, then run with new values: the same SQL
 * text every call (the SQLite driver keeps its prepared statement; PostgreSQL runs it as a named
 * statement, platform/db/named-statements.ts), no builder or compiler work.
 *
 * The builder is called once with a placeholder per argument and must pass each argument into the
 * query as a plain value (no arithmetic on it, no branching on it, no lists); a builder that does not
 * fails at its first call. `compile` gives the SQL and parameters a call runs: the query-plan tests
 * EXPLAIN exactly that.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const templates = new WeakMap<Kysely<Database>, Template<Row>>();

  function template(db: Kysely<Database>): Template<Row> {
    let found = templates.get(db);
    if (found) return found;
    const placeholders = Array.from({ length: build.length - 1 }, (_, index) => Symbol(`argument ${index}`));
    const query = build(db, ...(placeholders as unknown as Args)).compile();
    const slots = query.parameters.map((value): Slot => {
      const argument = placeholders.indexOf(value as symbol);
      return argument === -1 ? { value } : { argument };
    });
    const unused = placeholders.filter((placeholder) => !query.parameters.includes(placeholder));
    // An argument with a default value is not counted by build.length: it would arrive as undefined.
    if (unused.length > 0 || query.parameters.includes(undefined)) {
      throw new Error('preparedQuery: every argument must reach the query as a plain value, and none may have a default');
    }
    // PostgreSQL runs it as a named statement: a column a later migration adds must not change what a
    // running process's statement returns ("cached plan must not change result type").
    if (/\bselect\s+\*|\.\*/i.test(query.sql)) throw new Error('preparedQuery: name the columns it reads, not *');
    found = { query, slots };
    templates.set(db, found);
    nameStatement(db, query.sql);
    return found;
  }

  function compile(db: Kysely<Database>, ...args: Args): CompiledQuery<Row> {
    const { query, slots } = template(db);
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.value));
    return { ...query, parameters };
  }

  return {
    compile,
    async execute(db: Kysely<Database>, ...args: Args): Promise<Row[]> {
      const query = compile(db, ...args);
      return readNow(db, query) ?? (await db.executeQuery(query)).rows;
    },
  };
}
