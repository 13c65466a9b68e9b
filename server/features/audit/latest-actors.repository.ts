import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { AuditActor } from './audit.service.js';

/** Who made the latest entry of `action` on each target (a handful of targets: one per import source). */
export async function findLatestActorByTarget(db: Kysely<Database>, action: string): Promise<Map<string, AuditActor>> {
  const rows = await db.selectFrom('audit_log').select(['target', 'actor', 'actor_role']).where('action', '=', action).orderBy('id', 'desc').execute();
  const latest = new Map<string, AuditActor>();
  for (const row of rows) {
    if (row.target !== null && !latest.has(row.target)) latest.set(row.target, { actor: row.actor, role: row.actor_role });
  }
  return latest;
}
