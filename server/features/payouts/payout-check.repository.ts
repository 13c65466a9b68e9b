import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { payoutState } from './payout-join.js';
import { type CheckedTransaction, recheckAfterMs, type TransactionState } from './transaction-check.js';

export interface DueTransaction extends CheckedTransaction {
  txid: string;
}

/**
 * The transactions due for a check, least recently checked first: never checked, a payout whose
 * output is unread, past their state's recheck interval, or confirmed deep enough for the last check.
 * A final one with every output read is never due.
 */
export async function findDueTransactions(
  db: Kysely<Database>,
  due: { now: number; tipHeight: number | null; finalConfirmations: number; limit: number },
): Promise<DueTransaction[]> {
  const pendingOutput = (eb: ExpressionBuilder<Database, 'payout_transactions'>) =>
    eb.exists(eb.selectFrom('payouts').select('payouts.id').whereRef('payouts.txid', '=', 'payout_transactions.txid').where('payouts.output_state', 'is', null));
  const rows = await db
    .selectFrom('payout_transactions')
    .select((eb) => ['txid', 'state', 'block_height', 'first_seen_at', 'checked_at', 'final', 'created_at', pendingOutput(eb).as('outputs_pending')])
    .where((eb) =>
      eb.or([
        pendingOutput(eb),
        eb.and([
          eb('final', '=', 0),
          eb.or([
            eb('checked_at', 'is', null),
            ...Object.entries(recheckAfterMs).map(([state, afterMs]) => eb.and([eb('state', '=', state), eb('checked_at', '<=', due.now - afterMs)])),
            ...(due.tipHeight === null
              ? []
              : [eb.and([eb('state', '=', 'confirmed'), eb('block_height', '<=', due.tipHeight - due.finalConfirmations + 1)])]),
          ]),
        ]),
      ]),
    )
    .orderBy(sql`coalesce(checked_at, 0)`)
    .orderBy('txid')
    .limit(due.limit)
    .execute();
  return rows.map((row) => ({
    txid: row.txid,
    state: row.state as TransactionState,
    blockHeight: row.block_height === null ? null : Number(row.block_height),
    firstSeenAt: row.first_seen_at === null ? null : Number(row.first_seen_at),
    recordedAt: Number(row.created_at),
    outputsPending: Boolean(row.outputs_pending),
    final: Number(row.final) === 1,
  }));
}

/** Recorded payouts by the state a holder sees (a transaction's, or wrong_address): one grouped read. */
export async function countPayoutsByState(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('payouts as payout')
    .innerJoin('payout_transactions as payout_tx', 'payout_tx.txid', 'payout.txid')
    .select((eb) => [payoutState.as('payout_state'), eb.fn.countAll<number | string>().as('count')])
    .groupBy(payoutState)
    .execute();
  return new Map(rows.map((row) => [String(row.payout_state), Number(row.count)]));
}

/** When an explorer last answered about any payout transaction, whichever process asked (ms); null before the first answer. */
export async function lastTransactionAnswerAt(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('payout_transactions').select((eb) => eb.fn.max('checked_at').as('last')).executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** Whether any transaction still needs a check (not final): most of the time, once the payouts are settled, none does. */
export async function hasOpenTransactions(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('payout_transactions').select('txid').where('final', '=', 0).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The payouts a transaction pays: each one's id, wallet and output (when the import named it). */
export async function findPayoutsOfTransaction(db: Kysely<Database>, txid: string): Promise<Array<{ id: number; wallet: string; vout: number | null }>> {
  const rows = await db.selectFrom('payouts').select(['id', 'wallet_address', 'vout']).where('txid', '=', txid).execute();
  return rows.map((row) => ({ id: Number(row.id), wallet: row.wallet_address, vout: row.vout === null ? null : Number(row.vout) }));
}

/**
 * What an explorer said of a transaction, at `checkedAt`, and, when its outputs were read, which of
 * its payouts it pays: in one transaction, so a payout's state never mixes two checks.
 */
export async function recordTransactionCheck(
  db: Kysely<Database>,
  txid: string,
  checked: CheckedTransaction & { checkedAt: number },
  outputs: { paid: number[]; wrongAddress: number[] } | null,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('payout_transactions')
      .set({
        state: checked.state,
        block_height: checked.blockHeight,
        first_seen_at: checked.firstSeenAt,
        checked_at: checked.checkedAt,
        final: checked.final ? 1 : 0,
      })
      .where('txid', '=', txid)
      .execute();
    if (outputs === null) return;
    for (const [state, ids] of [['paid', outputs.paid], ['wrong_address', outputs.wrongAddress]] as const) {
      if (ids.length > 0) await trx.updateTable('payouts').set({ output_state: state }).where('id', 'in', ids).execute();
    }
  });
}
