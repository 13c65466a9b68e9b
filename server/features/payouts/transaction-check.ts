import type { ExplorerAnswer, ExplorerTransaction, TransactionStatus } from '../../integrations/esplora.js';

/** Where a payout transaction stands, as the explorers show it. */
export type TransactionState = 'unchecked' | 'unconfirmed' | 'confirmed' | 'dropped' | 'not_found';

export interface CheckedTransaction {
  state: TransactionState;
  blockHeight: number | null;
  /** When an explorer first showed it; null while never seen. */
  firstSeenAt: number | null;
  /** When its first payout was recorded. */
  recordedAt: number;
  /** A payout names it whose output was not read yet (a new one, or one given this transaction by --replace). */
  outputsPending: boolean;
  /** Confirmed deep enough and checked once more: never asked again. */
  final: boolean;
}

export interface CheckRules {
  /** Confirmations after which one last check makes a transaction final. */
  finalConfirmations: number;
  /** A transaction never seen this long after it was recorded is `not_found`. */
  notFoundMs: number;
}

/**
 * How soon a transaction in each state is asked again, within the explorers' budget. A confirmed one
 * is not asked again on a timer: only once it is deep enough (`readyForFinalCheck`).
 */
export const recheckAfterMs = { unchecked: 60_000, unconfirmed: 120_000, dropped: 3_600_000, not_found: 3_600_000 } as const;

/**
 * Which call the next check of a transaction makes: the whole transaction until an explorer has shown
 * it (its outputs, read once: they never change), then only its status.
 */
export function nextCall(transaction: CheckedTransaction): 'transaction' | 'status' | null {
  if (transaction.firstSeenAt === null || transaction.outputsPending) return 'transaction';
  return transaction.final ? null : 'status';
}

/** Whether a confirmed transaction is deep enough for the last check. */
export function readyForFinalCheck(transaction: CheckedTransaction, tipHeight: number | null, rules: CheckRules): boolean {
  if (transaction.state !== 'confirmed' || transaction.blockHeight === null || tipHeight === null) return false;
  return tipHeight - transaction.blockHeight + 1 >= rules.finalConfirmations;
}

/** The transaction after an explorer showed it (with or without its outputs). */
function seen(transaction: CheckedTransaction, status: TransactionStatus, now: number, lastCheck: boolean): CheckedTransaction {
  return {
    ...transaction,
    state: status.confirmed ? 'confirmed' : 'unconfirmed',
    blockHeight: status.blockHeight,
    firstSeenAt: transaction.firstSeenAt ?? now,
    final: transaction.final || (lastCheck && status.confirmed),
  };
}

/**
 * The transaction after every explorer asked answered. `answers` holds one answer per explorer that
 * was asked in this check; a transaction is gone only when each of them said it does not know it.
 * Busy or failed explorers change nothing: the last known state is kept.
 */
export function afterCheck(
  transaction: CheckedTransaction,
  answers: ReadonlyArray<ExplorerAnswer<ExplorerTransaction | TransactionStatus>>,
  context: { now: number; tipHeight: number | null; explorers: number; rules: CheckRules },
): CheckedTransaction {
  const found = answers.find((answer) => answer.kind === 'found');
  if (found) {
    const value = found.value;
    const status = 'outputs' in value ? value.status : value;
    const lastCheck = readyForFinalCheck(transaction, context.tipHeight, context.rules);
    return { ...seen(transaction, status, context.now, lastCheck), outputsPending: transaction.outputsPending && !('outputs' in value) };
  }
  const unknownEverywhere = answers.filter((answer) => answer.kind === 'unknown').length >= context.explorers;
  if (!unknownEverywhere) return transaction;
  if (transaction.firstSeenAt !== null) return { ...transaction, state: 'dropped', blockHeight: null };
  if (context.now - transaction.recordedAt >= context.rules.notFoundMs) return { ...transaction, state: 'not_found' };
  return transaction;
}

/**
 * Whether the transaction pays `wallet`: at output `vout` when the payout names one, else at any
 * output. Addresses are compared as the allocation list stores them (normalised by the caller).
 */
export function paysWallet(outputs: ExplorerTransaction['outputs'], wallet: string, vout: number | null, normalise: (address: string) => string): boolean {
  const paying = (output: ExplorerTransaction['outputs'][number]) => output.address !== null && normalise(output.address) === wallet;
  return vout === null ? outputs.some(paying) : outputs.some((output) => output.index === vout && paying(output));
}
