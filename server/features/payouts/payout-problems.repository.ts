import { type Kysely, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { payoutState } from './payout-join.js';
import { type ProblemPayoutState, problemPayoutStates } from './payout-states.js';

/** A recorded payout the explorers showed did not pay: the console lists it for the operator to send again. */
export interface ProblemPayout {
  wallet: string;
  category: string;
  txid: string;
  vout: number | null;
  reason: ProblemPayoutState;
  /** When its transaction was first recorded (ms); `not_found` counts from here. */
  recordedAt: number;
  /** When an explorer first showed the transaction; null while none has. */
  firstSeenAt: number | null;
  /** When an explorer last answered about it. */
  checkedAt: number | null;
}

const isProblem = sql<SqlBool>`${payoutState} in (${sql.join([...problemPayoutStates])})`;

const problems = (db: Kysely<Database>) =>
  db.selectFrom('payouts as payout').innerJoin('payout_transactions as payout_tx', 'payout_tx.txid', 'payout.txid').where(isProblem);

/** The first `limit` problem payouts by wallet and category, and how many there are in all. */
export async function listProblemPayouts(db: Kysely<Database>, limit: number): Promise<{ payouts: ProblemPayout[]; total: number }> {
  const rows = await problems(db)
    .select([
      'payout.wallet_address',
      'payout.category',
      'payout.txid',
      'payout.vout',
      payoutState.as('reason'),
      'payout_tx.created_at',
      'payout_tx.first_seen_at',
      'payout_tx.checked_at',
    ])
    .orderBy('payout.wallet_address')
    .orderBy('payout.category')
    .limit(limit)
    .execute();
  const counted = await problems(db).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
  const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    total: Number(counted.count),
    payouts: rows.map((row) => ({
      wallet: row.wallet_address,
      category: row.category,
      txid: row.txid,
      vout: numberOrNull(row.vout),
      reason: row.reason as ProblemPayoutState,
      recordedAt: Number(row.created_at),
      firstSeenAt: numberOrNull(row.first_seen_at),
      checkedAt: numberOrNull(row.checked_at),
    })),
  };
}
