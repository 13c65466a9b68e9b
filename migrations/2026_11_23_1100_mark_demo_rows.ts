import { type Kysely, sql } from 'kysely';

/**
 * Marks the rows the demo data set loads, so `npm run demo:remove` deletes exactly those. Allocation
 * records and points allocations already carry their import's source ('demo'); users and the staking
 * setting get a 0/1 flag. The partial index keeps "are any demo users left?" a probe of a tiny index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('settings').addColumn('is_demo', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await db.schema
    .createIndex('users_is_demo_idx')
    .on('users')
    .column('is_demo')
    .where(sql.ref('is_demo'), '=', 1)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_is_demo_idx').execute();
  await db.schema.alterTable('settings').dropColumn('is_demo').execute();
  await db.schema.alterTable('users').dropColumn('is_demo').execute();
}
