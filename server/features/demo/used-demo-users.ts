import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { findUsersWithSessions } from '../auth/index.js';
import { countClaimsOfUsers } from '../claims/index.js';
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
  const [withSessions, withX, withMemes, withClaims] = await Promise.all([
    findUsersWithSessions(db, ids),
    findUsersWithTwitterAccount(db, ids),
    findUsersWithMemes(db, ids),
    countClaimsOfUsers(db, ids),
  ]);
  return users
    .filter(({ id, loggedInSince }) => loggedInSince || withSessions.has(id) || withX.has(id) || withMemes.has(id) || withClaims.has(id))
    .map((user) => user.id);
}
