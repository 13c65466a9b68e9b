import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

export async function findAdminRole(db: Kysely<Database>, walletAddress: string) {
  return db.selectFrom('admin_roles').selectAll().where('wallet_address', '=', walletAddress).executeTakeFirst();
}

export async function listAdminRoles(db: Kysely<Database>) {
  return db.selectFrom('admin_roles').selectAll().orderBy('granted_at').orderBy('wallet_address').execute();
}

export async function upsertAdminRole(
  db: Kysely<Database>,
  row: { walletAddress: string; role: string; grantedAt: number; grantedBy: string },
): Promise<void> {
  await db
    .insertInto('admin_roles')
    .values({ wallet_address: row.walletAddress, role: row.role, granted_at: row.grantedAt, granted_by: row.grantedBy })
    .onConflict((oc) => oc.column('wallet_address').doUpdateSet({ role: row.role, granted_at: row.grantedAt, granted_by: row.grantedBy }))
    .execute();
}

export async function deleteAdminRole(db: Kysely<Database>, walletAddress: string): Promise<boolean> {
  const result = await db.deleteFrom('admin_roles').where('wallet_address', '=', walletAddress).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
