import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { deleteRefusalsBefore } from './claims.repository.js';

/** How long a refused claim attempt stays in the operator console's Claims section. */
const refusalRetentionMs = 90 * 24 * 60 * 60 * 1000;

/** The janitor's step: refused attempts older than the retention period go; how many went. */
export const pruneOldRefusals = (db: Kysely<Database>, now: number) => deleteRefusalsBefore(db, now - refusalRetentionMs);
