import type { Kysely } from 'kysely';
import type { SessionProof } from '@shared/schemas/auth';
import type { Database } from '../../platform/db/schema.js';

export async function insertSession(
  db: Kysely<Database>,
  session: {
    idHash: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
    /** Opened with a verified wallet signature, and by which wallet (display only). */
    proof?: { proven: boolean; walletName: string | null };
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id_hash: session.idHash,
      user_id: session.userId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
      last_seen_at: session.createdAt,
      proven: session.proof?.proven ? 1 : 0,
      wallet_name: session.proof?.walletName ?? null,
    })
    .execute();
}

/** The session unless it has expired: whose it is, when it was last seen and how it was opened. */
export async function findUnexpiredSession(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<{ userId: number; lastSeenAt: number | null; proof: SessionProof } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'last_seen_at', 'proven', 'wallet_name'])
    .where('id_hash', '=', idHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  return { userId: Number(row.user_id), lastSeenAt: row.last_seen_at, proof: { proven: Number(row.proven) === 1, walletName: row.wallet_name } };
}

/** Ends every address-only session of the user (when the wallet becomes protected). */
export async function deleteUnprovenSessions(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('proven', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function touchSession(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteUserSessions(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions, most recently used first. */
export async function listUserSessions(db: Kysely<Database>, userId: number, now: number) {
  return db
    .selectFrom('sessions')
    .select(['id_hash', 'created_at', 'expires_at', 'last_seen_at', 'proven', 'wallet_name'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The user's stored sessions, expired ones too, newest first: never the hash, only when and how they were opened. */
export async function listSessionHistory(db: Kysely<Database>, userId: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'last_seen_at', 'expires_at', 'proven', 'wallet_name'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes the session only if it belongs to the user; true when one was deleted. */
export async function deleteUserSession(db: Kysely<Database>, userId: number, idHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id_hash', '=', idHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function findSessionAdminSeen(db: Kysely<Database>, idHash: string) {
  return db.selectFrom('sessions').select(['created_at', 'admin_seen_at']).where('id_hash', '=', idHash).executeTakeFirst();
}

export async function setSessionAdminSeen(db: Kysely<Database>, idHash: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ admin_seen_at: now }).where('id_hash', '=', idHash).execute();
}
