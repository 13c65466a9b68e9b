import { createHash } from 'node:crypto';
import pg from 'pg';
import { postgresPoolSize } from '../server/platform/db/connection-pool.js';

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

/** The bare routes' pool: the product's size and number parsers. */
export const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL!, max: postgresPoolSize });

/**
 * A statement run by name, prepared once per connection, as the product runs its hot reads
 * (server/platform/db/named-statements.ts): the baseline is the least the same statement costs.
 */
export function namedQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return pool.query<Row>({ name: `bare_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text, values });
}
