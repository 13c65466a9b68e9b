import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type AuditActor, type AuditChange, appendAudit } from './audit.service.js';

/**
 * What a write did: its result and the state before and after it (added to the entry), or `unchanged`
 * when it refused and wrote nothing, so there is nothing to record.
 */
export type Written<T> = { result: T; before?: unknown; after?: unknown; unchanged?: never } | { result: T; unchanged: true };

/**
 * Runs `write` in a transaction (or in the caller's, when `db` is one) and appends the audit entry of
 * the change in that same transaction: the change and its entry commit together or not at all.
 */
export async function recordChange<T>(
  db: Kysely<Database>,
  by: AuditActor,
  change: AuditChange,
  write: (trx: Kysely<Database>) => Promise<Written<T>>,
  now = Date.now(),
): Promise<T> {
  const inTransaction = async (trx: Kysely<Database>) => {
    const { result, unchanged, ...states } = await write(trx);
    if (!unchanged) await appendAudit(trx, by, { ...change, ...states }, now);
    return result;
  };
  return db.isTransaction ? inTransaction(db) : db.transaction().execute(inTransaction);
}

/** A write whose entry holds what `read` finds just before and just after it. */
export function betweenReads<T>(
  read: (trx: Kysely<Database>) => Promise<unknown>,
  write: (trx: Kysely<Database>) => Promise<T>,
): (trx: Kysely<Database>) => Promise<Written<T>> {
  return async (trx) => {
    const before = await read(trx);
    const result = await write(trx);
    return { result, before, after: await read(trx) };
  };
}
