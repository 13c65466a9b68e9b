import type { Kysely, Selectable } from 'kysely';
import type { AuditEntry, AuditQuery } from '@shared/schemas/admin';
import type { AuditLogTable, Database } from '../../platform/db/schema.js';
import { badRequest } from '../../platform/errors.js';
import { auditCsv } from './audit-csv.js';
import { type AuditFilter, insertAuditEntry, listAuditEntries } from './audit.repository.js';

/** Who made a change: a console user's wallet and role, or `cli:<system user>` for a command. */
export interface AuditActor {
  actor: string;
  role: string | null;
}

export const commandActor = (systemUser: string): AuditActor => ({ actor: `cli:${systemUser}`, role: null });

/** Who a change is recorded as when its caller names nobody (a test, or a library call without an actor). */
export const unnamedActor: AuditActor = { actor: 'unnamed', role: null };

export interface AuditChange {
  action: string;
  target?: string | null;
  reason?: string | null;
  /** Any JSON value, stored as its JSON text; null or absent for nothing (before a creation, after a removal). */
  before?: unknown;
  after?: unknown;
}

const jsonText = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Appends one entry to the audit log. A change to the database records its entry through
 * `recordChange` (record-change.ts), in the change's transaction; this alone records an event outside
 * the database, such as a backup taken.
 */
export async function appendAudit(db: Kysely<Database>, by: AuditActor, change: AuditChange, now = Date.now()): Promise<void> {
  await insertAuditEntry(db, {
    at: now,
    actor: by.actor,
    actor_role: by.role,
    action: change.action,
    target: change.target ?? null,
    reason: change.reason ?? null,
    before: jsonText(change.before),
    after: jsonText(change.after),
  });
}

export function toAuditEntry(row: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    actor: row.actor,
    actorRole: row.actor_role,
    action: row.action,
    target: row.target,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

function timeMs(value: string | undefined, field: string): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw badRequest('VALIDATION_ERROR', `${field} is not a date or time`);
  return ms;
}

function auditFilter(query: Omit<AuditQuery, 'limit'>): AuditFilter {
  return {
    action: query.action,
    actor: query.actor,
    target: query.target,
    fromMs: timeMs(query.from, 'from'),
    toMs: timeMs(query.to, 'to'),
    beforeId: query.before,
  };
}

/** One page of the log, newest first, and the id to ask the next page before (null on the last). */
export async function listAudit(db: Kysely<Database>, query: AuditQuery): Promise<{ entries: AuditEntry[]; nextBefore: number | null }> {
  const rows = await listAuditEntries(db, auditFilter(query), query.limit + 1);
  const entries = rows.slice(0, query.limit).map(toAuditEntry);
  return { entries, nextBefore: rows.length > query.limit ? entries.at(-1)!.id : null };
}

/** Every entry matching the filters, newest first, as CSV safe to open in a spreadsheet. */
export async function exportAuditCsv(db: Kysely<Database>, query: Omit<AuditQuery, 'limit' | 'before'>): Promise<string> {
  const rows = await listAuditEntries(db, auditFilter(query), null);
  return auditCsv(rows.map(toAuditEntry));
}
