import type { Kysely } from 'kysely';
import { type AdminRole, adminRoles } from '@shared/schemas/admin';
import { invalidWalletMessage, isValidJoinAddress, normalizeWallet } from '@shared/wallet';
import type { Database } from '../../platform/db/schema.js';
import { type AuditActor, recordChange } from '../audit/index.js';
import { deleteAdminRole, findAdminRole, listAdminRoles, upsertAdminRole } from './admin-roles.repository.js';

export const isAdminRole = (value: string): value is AdminRole => (adminRoles as readonly string[]).includes(value);

export interface RoleGrant {
  walletAddress: string;
  role: AdminRole;
  grantedAt: string;
  grantedBy: string;
}

export type RoleChange = { ok: true; walletAddress: string; role: AdminRole | null } | { ok: false; problem: string };

/** The wallet's role now (read on every call: a revoked role stops at once), or null. */
export async function roleOf(db: Kysely<Database>, walletAddress: string): Promise<AdminRole | null> {
  const row = await findAdminRole(db, walletAddress);
  return row && isAdminRole(row.role) ? row.role : null;
}

/** Gives a wallet a role (replacing another), with its audit entry in the same transaction. */
export async function grantRole(
  db: Kysely<Database>,
  input: { wallet: string; role: AdminRole; reason?: string | null },
  by: AuditActor,
  now = Date.now(),
): Promise<RoleChange> {
  const walletAddress = normalizeWallet(input.wallet);
  if (!isValidJoinAddress(walletAddress)) return { ok: false, problem: invalidWalletMessage };
  return recordChange<RoleChange>(
    db,
    by,
    { action: 'admin.grant', target: walletAddress, reason: input.reason ?? null },
    async (trx) => {
      const before = await findAdminRole(trx, walletAddress);
      await upsertAdminRole(trx, { walletAddress, role: input.role, grantedAt: now, grantedBy: by.actor });
      return { result: { ok: true, walletAddress, role: input.role }, before: before ? { role: before.role } : null, after: { role: input.role } };
    },
    now,
  );
}

/**
 * Takes a wallet's role away, with its audit entry in the same transaction (the caller's, when called
 * inside one: a block revokes the role with the block).
 */
export async function revokeRole(
  db: Kysely<Database>,
  wallet: string,
  by: AuditActor,
  now = Date.now(),
  reason: string | null = null,
): Promise<RoleChange> {
  const walletAddress = normalizeWallet(wallet);
  return recordChange<RoleChange>(
    db,
    by,
    { action: 'admin.revoke', target: walletAddress, reason },
    async (trx) => {
      const before = await findAdminRole(trx, walletAddress);
      if (!before) return { result: { ok: false, problem: `${walletAddress} has no role` }, unchanged: true };
      await deleteAdminRole(trx, walletAddress);
      return { result: { ok: true, walletAddress, role: null }, before: { role: before.role }, after: null };
    },
    now,
  );
}

export async function listRoles(db: Kysely<Database>): Promise<RoleGrant[]> {
  return (await listAdminRoles(db))
    .filter((row) => isAdminRole(row.role))
    .map((row) => ({
      walletAddress: row.wallet_address,
      role: row.role as AdminRole,
      grantedAt: new Date(Number(row.granted_at)).toISOString(),
      grantedBy: row.granted_by,
    }));
}
