import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { findUsersWithSessions } from '../auth/index.js';
import { countUserClaims, listUserClaims } from '../claims/index.js';
import { findUsersWithMemes } from '../memes/index.js';
import { listDemoUsers } from '../users/index.js';
import { findUsersWithTwitterAccount } from '../x-auth/index.js';

/**
 * Demo users someone has since used for real: logged in (a session or a login after the demo's own
 * time), linked X, claimed a post or made a meme. These are kept when the demo set is removed.
 */
export async function findUsedDemoUsers(db: Kysely<Database>): Promise<number[]> {
  const users = await listDemoUsers(db);
  const ids = users.map((user) => user.id);
  const [withSessions, withX, withMemes] = await Promise.all([
    findUsersWithSessions(db, ids),
    findUsersWithTwitterAccount(db, ids),
    findUsersWithMemes(db, ids),
  ]);
  const used: number[] = [];
  for (const { id, loggedInSince } of users) {
    // Claims are counted only for a user with no other sign of use: one small count each.
    if (loggedInSince || withSessions.has(id) || withX.has(id) || withMemes.has(id) || (await countUserClaims(db, id)) > 0) used.push(id);
  }
  return used;
}

/** The points the user's own claims earned: the sum over every claim of theirs. */
export async function pointsOfOwnClaims(db: Kysely<Database>, userId: number): Promise<number> {
  const count = await countUserClaims(db, userId);
  if (count === 0) return 0;
  const claims = await listUserClaims(db, userId, { limit: count, offset: 0 });
  return claims.reduce((sum, claim) => sum + Number(claim.points), 0);
}
