import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionSummary } from '@shared/schemas/sessions';
import type { Database, User } from '../../platform/db/schema.js';
import { AppError, notFound } from '../../platform/errors.js';
import { hashSessionId } from '../../platform/lib/session-hash.js';
import { deleteUserSession, findSessionAdminSeen, listUserSessions, setSessionAdminSeen } from './sessions.repository.js';

export { deleteUserSessions, listSessionHistory } from './sessions.repository.js';

/**
 * Derived from the stored hash, not the session id: stable, needs no column, and neither it nor the
 * hash it comes from can be turned back into a cookie.
 */
export function sessionHandle(idHash: string): string {
  return createHash('sha256').update(`session-handle:${idHash}`).digest('hex').slice(0, 16);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Live sessions only: once the wallet is protected, an address-only session no longer signs anyone in. */
async function liveSessions(db: Kysely<Database>, user: User, now: number) {
  const rows = await listUserSessions(db, user.id, now);
  return rows.filter((row) => Number(row.proven) === 1 || user.wallet_protected_at === null);
}

/** The user's live sessions, most recently used first; `currentHash` marks the caller's own. */
export async function listSessions(
  db: Kysely<Database>,
  user: User,
  currentHash: string,
  now = Date.now(),
): Promise<SessionSummary[]> {
  return (await liveSessions(db, user, now))
    .map((row) => ({ row, lastSeen: row.last_seen_at ?? row.created_at }))
    .sort((a, b) => b.lastSeen - a.lastSeen)
    .map(({ row, lastSeen }) => ({
      handle: sessionHandle(row.id_hash),
      createdAt: iso(row.created_at),
      lastSeenAt: iso(lastSeen),
      expiresAt: iso(row.expires_at),
      proven: Number(row.proven) === 1,
      walletName: row.wallet_name,
      current: row.id_hash === currentHash,
    }));
}

/** Ends another of the user's sessions; someone else's handle is indistinguishable from an unknown one. */
export async function endOtherSession(
  db: Kysely<Database>,
  user: User,
  currentHash: string,
  handle: string,
  now = Date.now(),
): Promise<void> {
  if (handle === sessionHandle(currentHash)) {
    throw new AppError(400, 'CURRENT_SESSION', 'This is the session you are using. Sign out to end it.');
  }
  const target = (await liveSessions(db, user, now)).find((row) => sessionHandle(row.id_hash) === handle);
  if (!target || !(await deleteUserSession(db, user.id, target.id_hash))) {
    throw notFound('SESSION_NOT_FOUND', 'No such session on your account. It may have ended already.');
  }
}

/**
 * Records an admin call on the session, unless its last one (or, before any, its sign-in) is more than
 * `idleMs` ago: then false, and admin calls need a new signed sign-in. The session itself stays valid.
 */
export async function recordAdminCall(db: Kysely<Database>, sessionId: string, idleMs: number, now: number): Promise<boolean> {
  const idHash = hashSessionId(sessionId);
  const row = await findSessionAdminSeen(db, idHash);
  if (!row) return false;
  const last = Number(row.admin_seen_at ?? row.created_at);
  if (now - last > idleMs) return false;
  await setSessionAdminSeen(db, idHash, now);
  return true;
}
