import type { Kysely } from 'kysely';
import {
  checkDispute,
  cleanDisputeText,
  disputeLimits,
  type DisputeStatus,
  disputeStatuses,
  otherDisputeCategory,
} from '@shared/dispute-rules';
import type { CreateDisputeBody, Dispute } from '@shared/schemas/disputes';
import { fromMicro } from '@shared/token-amount';
import type { AllocationDispute, Database, User } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/unique-violation.js';
import { AppError, conflict } from '../../platform/errors.js';
import { walletCategoryNames } from '../allocation/index.js';
import { type AuditActor, recordChange, unnamedActor } from '../audit/index.js';
import {
  countDisputesByStatus,
  findDispute,
  hasOpenDispute,
  insertDispute,
  listDisputes,
  listUserDisputes,
  setDisputeAnswer,
  setDisputeReopened,
  setDisputeResolved,
} from './disputes.repository.js';

/** A holder sees at most this many of their own reports (newest first). */
export const ownDisputesShown = 20;

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function toDispute(row: AllocationDispute): Dispute {
  return {
    id: Number(row.id),
    walletAddress: row.wallet_address,
    category: row.category,
    expectedAmount: row.expected_micro === null ? null : fromMicro(Number(row.expected_micro)),
    message: row.message,
    reference: row.reference,
    status: row.status as DisputeStatus,
    answer: row.answer,
    createdAt: iso(row.created_at)!,
    answeredAt: iso(row.answered_at),
    resolvedAt: iso(row.resolved_at),
  };
}

const alreadyOpen = () =>
  conflict('DISPUTE_ALREADY_OPEN', 'You already have an open report. Please wait for our answer before sending another.');

const problems: Record<string, string> = {
  DISPUTE_CATEGORY_TOO_LONG: `The category is too long: at most ${disputeLimits.category} characters.`,
  DISPUTE_CATEGORY_UNKNOWN: `Choose one of your allocation's categories, or ${otherDisputeCategory}.`,
  INVALID_EXPECTED_AMOUNT: 'The expected amount must be a number of tokens, such as 1500.25, with at most 6 decimals.',
  DISPUTE_MESSAGE_REQUIRED: 'Please describe what looks wrong.',
  DISPUTE_MESSAGE_TOO_LONG: `The message is too long: at most ${disputeLimits.message} characters.`,
  DISPUTE_REFERENCE_TOO_LONG: `The reference is too long: at most ${disputeLimits.reference} characters.`,
};

/** The categories a report by this user may name besides `other`: those of their own allocation. */
export async function disputeCategories(db: Kysely<Database>, user: User): Promise<string[]> {
  return walletCategoryNames(db, user.wallet_address);
}

/** Files a report for the user's own wallet; one open report per user (409 DISPUTE_ALREADY_OPEN). */
export async function createDispute(db: Kysely<Database>, user: User, body: CreateDisputeBody, now = Date.now()): Promise<Dispute> {
  const checked = checkDispute(body, await disputeCategories(db, user));
  if (!checked.ok) {
    throw new AppError(400, checked.code, problems[checked.code] ?? 'Please check what you entered.', { field: checked.field });
  }
  if (await hasOpenDispute(db, user.id)) throw alreadyOpen();
  try {
    const row = await insertDispute(db, {
      userId: user.id,
      walletAddress: user.wallet_address,
      ...checked.value,
      createdAt: now,
    });
    return toDispute(row);
  } catch (error) {
    // Two reports sent at once: the partial unique index lets only one stay open.
    if (isUniqueViolation(error)) throw alreadyOpen();
    throw error;
  }
}

export async function listOwnDisputes(db: Kysely<Database>, user: User): Promise<Dispute[]> {
  return (await listUserDisputes(db, user.id, ownDisputesShown)).map(toDispute);
}

export type OperatorResult = { ok: true; dispute: Dispute } | { ok: false; problem: string; status: 404 | 409 };

/** Who changes a dispute and why; every change is on the audit log. Tests that skip it are recorded as `unnamed`. */
export interface OperatorChange {
  by?: AuditActor;
  reason?: string | null;
  now?: number;
}

const auditView = (dispute: Dispute) => ({ status: dispute.status, answer: dispute.answer });

/**
 * Reads the dispute, applies one change and appends its audit entry, all in one transaction: a change
 * the log does not record is never committed.
 */
async function changeDispute(
  db: Kysely<Database>,
  id: number,
  action: string,
  change: OperatorChange,
  apply: (trx: Kysely<Database>, row: AllocationDispute, now: number) => Promise<string | null>,
): Promise<OperatorResult> {
  const now = change.now ?? Date.now();
  const entry = { action, target: `dispute:${id}`, reason: change.reason ?? null };
  try {
    return await recordChange<OperatorResult>(
      db,
      change.by ?? unnamedActor,
      entry,
      async (trx) => {
        const row = await findDispute(trx, id);
        if (!row) return { result: { ok: false, problem: `no dispute #${id}`, status: 404 }, unchanged: true };
        const refused = await apply(trx, row, now);
        if (refused !== null) return { result: { ok: false, problem: refused, status: 409 }, unchanged: true };
        const dispute = toDispute((await findDispute(trx, id))!);
        return { result: { ok: true, dispute }, before: auditView(toDispute(row)), after: auditView(dispute) };
      },
      now,
    );
  } catch (error) {
    // Reopening while the holder has another open report: the partial unique index refuses it.
    if (isUniqueViolation(error)) return { ok: false, problem: `the holder of dispute #${id} has another open dispute`, status: 409 };
    throw error;
  }
}

/** The operator's answer; the holder sees it on the allocation page, and the status becomes 'answered'. */
export async function answerDispute(
  db: Kysely<Database>,
  id: number,
  answerText: string,
  change: OperatorChange = {},
): Promise<OperatorResult> {
  const answer = cleanDisputeText(answerText);
  if (answer === '') return { ok: false, problem: 'the answer is empty', status: 409 };
  return changeDispute(db, id, 'dispute.answer', change, async (trx, row, now) => {
    if (row.status === 'resolved') return `dispute #${id} is already resolved`;
    await setDisputeAnswer(trx, id, answer, now);
    return null;
  });
}

export async function resolveDispute(db: Kysely<Database>, id: number, change: OperatorChange = {}): Promise<OperatorResult> {
  return changeDispute(db, id, 'dispute.resolve', change, async (trx, row, now) => {
    if (row.status === 'resolved') return `dispute #${id} is already resolved`;
    await setDisputeResolved(trx, id, now);
    return null;
  });
}

/** A resolved dispute back in the queue: 'answered' if it has an answer, else 'open'. */
export async function reopenDispute(db: Kysely<Database>, id: number, change: OperatorChange = {}): Promise<OperatorResult> {
  return changeDispute(db, id, 'dispute.reopen', change, async (trx, row) => {
    if (row.status !== 'resolved') return `dispute #${id} is not resolved`;
    await setDisputeReopened(trx, id, row.answer === null ? 'open' : 'answered');
    return null;
  });
}

/** For the operator's CLI: every dispute, or those of one status, oldest first. */
export async function listDisputesForOperator(db: Kysely<Database>, status: DisputeStatus | null): Promise<Dispute[]> {
  return (await listDisputes(db, status)).map(toDispute);
}

/** How many disputes are open, answered and resolved (metrics); 0 for a status none has. */
export async function disputeCounts(db: Kysely<Database>): Promise<Record<DisputeStatus, number>> {
  const counts = Object.fromEntries(disputeStatuses.map((status) => [status, 0])) as Record<DisputeStatus, number>;
  for (const { status, count } of await countDisputesByStatus(db)) {
    if (status in counts) counts[status as DisputeStatus] = count;
  }
  return counts;
}

export async function showDispute(db: Kysely<Database>, id: number): Promise<OperatorResult> {
  const row = await findDispute(db, id);
  return row ? { ok: true, dispute: toDispute(row) } : { ok: false, problem: `no dispute #${id}`, status: 404 };
}
