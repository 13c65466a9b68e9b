import type { Kysely } from 'kysely';
import type { SessionProof } from '@shared/schemas/auth';
import type { Database, User } from '../../platform/db/schema.js';

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

export async function findSessionUser(
  db: Kysely<Database>,
  idHash: string,
  now: number,
): Promise<{ user: User; lastSeenAt: number | null; proof: SessionProof } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.proven as session_proven',
      'sessions.wallet_name as session_wallet_name',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', now)
    // An address-only session of a protected wallet is dead even if it was opened in the moment of protection.
    .where((eb) => eb.or([eb('sessions.proven', '=', 1), eb('users.wallet_protected_at', 'is', null)]))
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_last_seen_at: lastSeenAt, session_proven: proven, session_wallet_name: walletName, ...user } = row;
  return { user, lastSeenAt, proof: { proven: Number(proven) === 1, walletName } };
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
