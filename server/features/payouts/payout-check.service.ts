import path from 'node:path';
import type { Kysely } from 'kysely';
import { normalizeWallet } from '@shared/wallet';
import type { PayoutCheckConfig } from '../../platform/config.js';
import type { DialectName } from '../../platform/db/connect.js';
import { inOneProcessTurn } from '../../platform/db/one-process-turn.js';
import type { Database } from '../../platform/db/schema.js';
import { type ExplorerAnswer, type ExplorerTransaction, fetchTransaction, fetchTransactionStatus, type TransactionStatus } from '../../integrations/esplora.js';
import { ExplorerBudget } from '../../integrations/explorer-budget.js';
import { type DueTransaction, findDueTransactions, findPayoutsOfTransaction, hasOpenTransactions, recordTransactionCheck } from './payout-check.repository.js';
import { afterCheck, nextCall, paysWallet } from './transaction-check.js';

/** The advisory lock every process of one PostgreSQL database asks for before checking payouts. */
export const payoutCheckLockKey = 7_215_432_002;

/** Transactions looked at in one run; the budget usually stops a run sooner. */
const transactionsPerRun = 500;

export interface PayoutCheckOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Where SQLite's lock file goes (beside the database). */
  dataDir: string;
  config: PayoutCheckConfig;
  timeoutMs: number;
  /** The chain's tip height (cached by the caller), or null when no explorer answers; asked only while a transaction is open. */
  tipHeight: () => Promise<number | null>;
  now?: () => number;
}

/** What one run did: 'busy' when another process is checking. */
export type PayoutCheckRun = 'busy' | { checked: number; requests: number; failedRequests: number; outOfBudget: boolean };

/**
 * Checks the payouts' transactions against Esplora explorers, one transaction (not one payout) at a
 * time: its outputs once, then its status until it is confirmed, once more when it is deep enough,
 * then never. Each explorer host gets its own budget (EXPLORER_REQUESTS_PER_MINUTE, Retry-After,
 * backoff); while every explorer is busy or down the last known state stays. One process of the
 * deployment checks at a time.
 */
export function createPayoutCheck(options: PayoutCheckOptions) {
  const { db, dialect, config, timeoutMs, tipHeight, now = Date.now } = options;
  const budget = new ExplorerBudget(config.explorerRequestsPerMinute);
  const rules = { finalConfirmations: config.finalConfirmations, notFoundMs: config.notFoundMs };
  const totals = { requests: 0, failedRequests: 0, lastRunAt: null as number | null };

  /** Asks the explorers in turn until one shows the transaction; 'out-of-budget' when none could be asked. */
  async function ask(transaction: DueTransaction, call: 'transaction' | 'status') {
    const answers: Array<ExplorerAnswer<ExplorerTransaction | TransactionStatus>> = [];
    for (const base of config.explorerApiUrls) {
      const host = new URL(base).host;
      if (!budget.take(host, now())) continue;
      const request = { base, txid: transaction.txid, timeoutMs, now };
      const answer = call === 'transaction' ? await fetchTransaction(request) : await fetchTransactionStatus(request);
      answers.push(answer);
      totals.requests++;
      if (answer.kind === 'found' || answer.kind === 'unknown') budget.answered(host);
      if (answer.kind === 'found') break;
      if (answer.kind === 'busy') budget.busy(host, now(), answer.retryAfterMs);
      if (answer.kind === 'failed') budget.failed(host, now());
      if (answer.kind === 'busy' || answer.kind === 'failed') totals.failedRequests++;
    }
    return answers.length === 0 ? 'out-of-budget' : answers;
  }

  async function check(transaction: DueTransaction, tip: number | null): Promise<'checked' | 'out-of-budget'> {
    const call = nextCall(transaction);
    if (call === null) return 'checked';
    const answers = await ask(transaction, call);
    if (answers === 'out-of-budget') return 'out-of-budget';
    const checkedAt = now();
    // Nobody answered (busy, down): the last known state and its time stay as they are.
    if (!answers.some((answer) => answer.kind === 'found' || answer.kind === 'unknown')) return 'checked';
    const after = afterCheck(transaction, answers, { now: checkedAt, tipHeight: tip, explorers: config.explorerApiUrls.length, rules });
    const found = answers.find((answer) => answer.kind === 'found');
    let outputs: { paid: number[]; wrongAddress: number[] } | null = null;
    if (found && 'outputs' in found.value) {
      const transactionOutputs = found.value.outputs;
      outputs = { paid: [], wrongAddress: [] };
      for (const payout of await findPayoutsOfTransaction(db, transaction.txid)) {
        (paysWallet(transactionOutputs, payout.wallet, payout.vout, normalizeWallet) ? outputs.paid : outputs.wrongAddress).push(payout.id);
      }
    }
    await recordTransactionCheck(db, transaction.txid, { ...after, checkedAt }, outputs);
    return 'checked';
  }

  return {
    /** One run: the due transactions, least recently checked first, until the budget runs out. */
    async run(): Promise<PayoutCheckRun> {
      const job = { lockKey: payoutCheckLockKey, lockFile: path.join(options.dataDir, '.payout-check.lock') };
      const nothingDone = { checked: 0, requests: 0, failedRequests: 0, outOfBudget: false };
      // Settled payouts (or none at all) cost one indexed read a run: no lock, no tip height.
      if (!(await hasOpenTransactions(db))) return nothingDone;
      return inOneProcessTurn(db, dialect, job, async () => {
        const before = { requests: totals.requests, failedRequests: totals.failedRequests };
        const tip = await tipHeight();
        const due = await findDueTransactions(db, { now: now(), tipHeight: tip, finalConfirmations: rules.finalConfirmations, limit: transactionsPerRun });
        let checked = 0;
        let outOfBudget = false;
        for (const transaction of due) {
          if ((await check(transaction, tip)) === 'out-of-budget') {
            outOfBudget = true;
            break;
          }
          checked++;
        }
        totals.lastRunAt = now();
        return { checked, requests: totals.requests - before.requests, failedRequests: totals.failedRequests - before.failedRequests, outOfBudget };
      });
    },
    /** Requests and failed requests since start, and when the last run ended (for the metrics). */
    totals: (): Readonly<typeof totals> => totals,
  };
}

export type PayoutCheck = ReturnType<typeof createPayoutCheck>;
