import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { deleteStaleOauthStates } from '../x-auth/index.js';
import { deleteExpiredChallenges } from './challenges.repository.js';
import { deleteExpiredSessions } from './sessions.repository.js';

export interface PruneCounts {
  sessions: number;
  oauthStates: number;
  challenges: number;
}

/** Deletes every row whose lifetime ended at or before `now`; the counts are for the log. */
export async function pruneExpired(db: Kysely<Database>, now: number): Promise<PruneCounts> {
  return {
    sessions: await deleteExpiredSessions(db, now),
    oauthStates: await deleteStaleOauthStates(db, now),
    challenges: await deleteExpiredChallenges(db, now),
  };
}
