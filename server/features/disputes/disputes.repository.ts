import type { Kysely } from 'kysely';
import type { DisputeStatus } from '@shared/dispute-rules';
import type { AllocationDispute, Database } from '../../platform/db/schema.js';

export interface NewDisputeRow {
  userId: number;
  walletAddress: string;
  category: string | null;
  expectedMicro: bigint | null;
  message: string;
  reference: string | null;
  createdAt: number;
}

export async function insertDispute(db: Kysely<Database>, row: NewDisputeRow): Promise<AllocationDispute> {
  return db
    .insertInto('allocation_disputes')
    .values({
      user_id: row.userId,
      wallet_address: row.walletAddress,
      category: row.category,
      expected_micro: row.expectedMicro === null ? null : Number(row.expectedMicro),
      message: row.message,
      reference: row.reference,
      status: 'open',
      created_at: row.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function hasOpenDispute(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('allocation_disputes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return row !== undefined;
}

export async function listUserDisputes(db: Kysely<Database>, userId: number, limit: number): Promise<AllocationDispute[]> {
  return db
    .selectFrom('allocation_disputes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Every dispute, or those of one status, oldest first (the order an operator works through them). */
export async function listDisputes(db: Kysely<Database>, status: DisputeStatus | null): Promise<AllocationDispute[]> {
  let query = db.selectFrom('allocation_disputes').selectAll().orderBy('id');
  if (status) query = query.where('status', '=', status);
  return query.execute();
}

/** How many disputes there are of each status found (one grouped count). */
export async function countDisputesByStatus(db: Kysely<Database>): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .selectFrom('allocation_disputes')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('count')])
    .groupBy('status')
    .execute();
  // PostgreSQL's count is a bigint, which its driver hands over as a string.
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

export async function findDispute(db: Kysely<Database>, id: number): Promise<AllocationDispute | undefined> {
  return db.selectFrom('allocation_disputes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setDisputeAnswer(db: Kysely<Database>, id: number, answer: string, at: number): Promise<void> {
  await db
    .updateTable('allocation_disputes')
    .set({ answer, status: 'answered', answered_at: at })
    .where('id', '=', id)
    .execute();
}

export async function setDisputeResolved(db: Kysely<Database>, id: number, at: number): Promise<void> {
  await db.updateTable('allocation_disputes').set({ status: 'resolved', resolved_at: at }).where('id', '=', id).execute();
}

/** Back in the queue; the unique index refuses it while the holder has another open dispute. */
export async function setDisputeReopened(db: Kysely<Database>, id: number, status: 'open' | 'answered'): Promise<void> {
  await db.updateTable('allocation_disputes').set({ status, resolved_at: null }).where('id', '=', id).execute();
}
