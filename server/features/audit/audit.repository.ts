import type { Insertable, Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../platform/db/schema.js';

export interface AuditFilter {
  action?: string | undefined;
  actor?: string | undefined;
  target?: string | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Only entries with a smaller id (paging newest first). */
  beforeId?: number | undefined;
}

/** Appends one entry. The log has no update or delete: an entry, once written, stays as written. */
export async function insertAuditEntry(db: Kysely<Database>, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(entry).execute();
}

/** Entries matching every given filter, newest first. */
export async function listAuditEntries(db: Kysely<Database>, filter: AuditFilter, limit: number | null) {
  let query = db.selectFrom('audit_log').selectAll().orderBy('id', 'desc');
  if (limit !== null) query = query.limit(limit);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actor !== undefined) query = query.where('actor', '=', filter.actor);
  if (filter.target !== undefined) query = query.where('target', '=', filter.target);
  if (filter.fromMs !== undefined) query = query.where('at', '>=', filter.fromMs);
  if (filter.toMs !== undefined) query = query.where('at', '<=', filter.toMs);
  if (filter.beforeId !== undefined) query = query.where('id', '<', filter.beforeId);
  return query.execute();
}

/** The newest entry of one action (e.g. `backup`): when, by whom and on what; undefined when there is none. */
export function newestAuditEntry(db: Kysely<Database>, action: string) {
  return db
    .selectFrom('audit_log')
    .select(['at', 'actor', 'target'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
