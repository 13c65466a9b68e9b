import type { Migration } from 'kysely';
import * as createUsersAndSessions from './2026_11_22_0900_create_users_and_sessions.js';
import * as createAllocations from './2026_11_22_1000_create_allocations.js';
import * as createSocialMining from './2026_11_22_1100_create_social_mining.js';
import * as createMemes from './2026_11_22_1200_create_memes.js';

/** Every migration, by name, in the order they apply. A new migration is added here and nowhere else. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_users_and_sessions': createUsersAndSessions,
  '2026_11_22_1000_create_allocations': createAllocations,
  '2026_11_22_1100_create_social_mining': createSocialMining,
  '2026_11_22_1200_create_memes': createMemes,
};
