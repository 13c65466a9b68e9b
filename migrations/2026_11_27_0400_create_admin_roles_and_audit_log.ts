import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Operator roles by wallet, and the audit log of every operator change. The log keeps its actor and
 * target as text, never as a reference to users, so deleting a user neither deletes nor rewrites an
 * entry. A session records its last admin call, for the admin idle limit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('admin_roles')
    .addColumn('wallet_address', 'text', (col) => col.primaryKey())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('granted_at', 'bigint', (col) => col.notNull())
    .addColumn('granted_by', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn('at', 'bigint', (col) => col.notNull())
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text')
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target', 'text')
    .addColumn('reason', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor', 'id']).execute();
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target', 'id']).execute();

  await db.schema.alterTable('sessions').addColumn('admin_seen_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('admin_seen_at').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('admin_roles').execute();
}
