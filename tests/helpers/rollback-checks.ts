import { type Kysely, sql } from 'kysely';
import type { Database } from '../../server/platform/db/schema.js';
import { postgresUrl } from './test-database.js';

/** The message every insert refused by refuseInserts fails with. */
export const refusedInsertMessage = 'insert refused by the test';

/**
 * Makes the database itself refuse an insert into `table` (only rows whose `column` is `value`, when
 * given): a trigger that raises, so a write fails where it would fail for real, with nothing mocked.
 */
export async function refuseInserts(db: Kysely<Database>, table: keyof Database, only?: { column: string; value: string }): Promise<void> {
  const name = sql.raw(`refuse_insert_into_${table}`);
  const target = sql.table(table);
  const condition = only ? sql`new.${sql.ref(only.column)} = ${sql.lit(only.value)}` : sql.raw('true');
  if (postgresUrl) {
    await sql`create function ${name}() returns trigger language plpgsql as $$
      begin
        if ${condition} then raise exception '${sql.raw(refusedInsertMessage)}'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger ${name} before insert on ${target} for each row execute function ${name}()`.execute(db);
  } else {
    await sql`create trigger ${name} before insert on ${target} when ${condition} begin select raise(abort, '${sql.raw(refusedInsertMessage)}'); end`.execute(db);
  }
}

/** Every row of every table, each table's rows in a stable order: equal before and after means the database is as it was. */
export async function databaseContents(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const contents: Record<string, string[]> = {};
  const { rows: tables } = postgresUrl
    ? await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite%'`.execute(db);
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    contents[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return contents;
}
