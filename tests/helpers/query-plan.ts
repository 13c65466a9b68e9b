import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema.js';

/**
 * The plan of a repository's own compiled query (the SQL and parameters a call runs), on either dialect.
 * PostgreSQL plans an empty table as a sequential scan: that is forbidden, to show the index it would use at scale.
 */
export async function explainQuery(db: Kysely<Database>, postgres: boolean, query: CompiledQuery): Promise<string> {
  if (!postgres) {
    const result = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
    return result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
