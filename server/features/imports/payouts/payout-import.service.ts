import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { listedCategoriesOf } from '../../allocation/index.js';
import { recordChange, unnamedActor } from '../../audit/index.js';
import type { DemoCounts } from '../../demo/index.js';
import { findPayoutsOfWallets, type Payout, type RecordedPayout, writePayouts } from '../../payouts/index.js';
import { compareCategories } from '../allocations/category-check.js';
import {
  byLine,
  demoRowsInTheWay,
  type ImportOptions,
  type ImportRefusedForDemo,
  type ImportRejected,
  type LineError,
  resolveSource,
} from '../shared/import-file.js';
import { writeProgress } from '../shared/progress.js';
import { pairKey, type PayoutFileRow, readPayoutFile } from './payout-rows.js';

export interface PayoutImportOptions extends Pick<ImportOptions, 'source' | 'dryRun' | 'keepDemo' | 'allowUncheckedAddresses' | 'onProgress' | 'by'> {
  /** Give a (wallet, category) that already has a payout another transaction: a fee bump, a transfer sent again. */
  replace?: boolean;
}

/** A row naming another transaction than the one recorded for its pair. */
export interface PayoutChange {
  line: number;
  payout: Payout;
  before: RecordedPayout;
}

export interface PayoutsAccepted {
  ok: true;
  source: string;
  dryRun: boolean;
  rows: number;
  wallets: number;
  /** Distinct transactions the file names. */
  transactions: number;
  /** Rows of each category, in the list's category order. */
  categories: { category: string; rows: number }[];
  /** Pairs without a payout until now. */
  added: number;
  /** Pairs given another transaction (with --replace; in a dry run, those that would be). */
  changes: PayoutChange[];
  /** Rows naming the transaction already recorded for their pair. */
  unchanged: number;
  /** A dry run's changes without --replace: the import itself would be refused. */
  needsReplace: boolean;
  /** Demo rows present (a dry run, or --keep-demo), else null. */
  demoRows: DemoCounts | null;
}

/** A file with a header and no row: refused whatever the flags, as it records nothing. */
export interface PayoutsWithoutRows {
  ok: false;
  refused: 'no-rows';
}

export type PayoutImportResult = PayoutsAccepted | ImportRejected | ImportRefusedForDemo | PayoutsWithoutRows;

interface Plan {
  errors: LineError[];
  added: PayoutFileRow[];
  changes: PayoutChange[];
  unchanged: number;
}

const quoted = (categories: Iterable<string>) => [...categories].sort(compareCategories).map((category) => `"${category}"`).join(', ');
const output = (payout: Payout) => (payout.vout === null ? payout.txid : `${payout.txid}:${payout.vout}`);

/**
 * Each checked row against the live allocation list and the payouts recorded: a pair must be on the
 * list, and is new, unchanged or given another transaction.
 */
async function planPayouts(db: Kysely<Database>, rows: readonly PayoutFileRow[]): Promise<Plan> {
  const wallets = [...new Set(rows.map((row) => row.wallet))];
  const listed = await listedCategoriesOf(db, wallets);
  const recorded = new Map((await findPayoutsOfWallets(db, wallets)).map((payout) => [pairKey(payout.wallet, payout.category), payout]));
  const plan: Plan = { errors: [], added: [], changes: [], unchanged: 0 };
  for (const row of rows) {
    const categories = listed.get(row.wallet);
    if (!categories) {
      plan.errors.push({ line: row.line, message: `wallet_address ${row.wallet} is not on the allocation list` });
      continue;
    }
    if (!categories.has(row.category)) {
      plan.errors.push({ line: row.line, message: `wallet_address ${row.wallet} holds no "${row.category}" on the allocation list (it holds ${quoted(categories)})` });
      continue;
    }
    const before = recorded.get(pairKey(row.wallet, row.category));
    if (!before) plan.added.push(row);
    else if (before.txid === row.txid && before.vout === row.vout) plan.unchanged += 1;
    else plan.changes.push({ line: row.line, payout: { wallet: row.wallet, category: row.category, txid: row.txid, vout: row.vout }, before });
  }
  return plan;
}

const needsReplaceError = (change: PayoutChange): LineError => ({
  line: change.line,
  message:
    `wallet_address ${change.payout.wallet} was already paid "${change.payout.category}" in ${output(change.before)} ` +
    `(source "${change.before.source}"), not ${output(change.payout)}: --replace records the new transaction`,
});

// The audit entry names at most this many replaced payouts; its counts cover them all.
const auditedChanges = 100;

/**
 * Records payouts (`wallet_address,category,txid[,vout]`) from a CSV file, all or nothing: a bad row, a
 * pair not on the live allocation list, a pair twice in the file, or (without `replace`) a pair already
 * paid in another transaction rejects the file untouched. Otherwise the new payouts and the changed ones
 * are written in one transaction with their audit entry (`import.payouts`), the list checked again in
 * it; a file naming only what is recorded already changes nothing and writes no entry. Payouts the file
 * does not name are kept: each file adds to what was sent.
 */
export async function importPayoutsFile(db: Kysely<Database>, file: string, options: PayoutImportOptions = {}): Promise<PayoutImportResult> {
  const source = resolveSource(file, options.source);
  const demo = await demoRowsInTheWay(db, options);
  if (demo.refuse) return { ok: false, demoRows: demo.demoRows! };
  const { rows, errors } = await readPayoutFile(file, options);
  if (rows.length === 0 && errors.length === 0) return { ok: false, refused: 'no-rows' };
  const replace = options.replace ?? false;
  const dryRun = options.dryRun ?? false;

  const judge = async (reader: Kysely<Database>) => {
    const plan = await planPayouts(reader, rows);
    const refused = [...errors, ...plan.errors, ...(replace || dryRun ? [] : plan.changes.map(needsReplaceError))];
    return { plan, refused: byLine(refused) };
  };
  const accepted = (plan: Plan): PayoutsAccepted => {
    const categories = new Map<string, number>();
    for (const row of rows) categories.set(row.category, (categories.get(row.category) ?? 0) + 1);
    return {
      ok: true,
      source,
      dryRun,
      rows: rows.length,
      wallets: new Set(rows.map((row) => row.wallet)).size,
      transactions: new Set(rows.map((row) => row.txid)).size,
      categories: [...categories].map(([category, count]) => ({ category, rows: count })).sort((a, b) => compareCategories(a.category, b.category)),
      added: plan.added.length,
      changes: plan.changes,
      unchanged: plan.unchanged,
      needsReplace: !replace && plan.changes.length > 0,
      demoRows: demo.demoRows,
    };
  };

  if (dryRun) {
    const { plan, refused } = await judge(db);
    return refused.length ? { ok: false, errors: refused } : accepted(plan);
  }
  const now = Date.now();
  return recordChange<PayoutImportResult>(
    db,
    options.by ?? unnamedActor,
    { action: 'import.payouts', target: source },
    async (trx) => {
      const { plan, refused } = await judge(trx);
      if (refused.length) return { result: { ok: false, errors: refused }, unchanged: true };
      const result = accepted(plan);
      if (plan.added.length === 0 && plan.changes.length === 0) return { result, unchanged: true };
      const replaced = plan.changes.map((change) => change.payout);
      const total = plan.added.length + replaced.length;
      await writePayouts(trx, { added: plan.added, replaced }, { source, at: now }, writeProgress(total, options.onProgress));
      const audited = plan.changes.slice(0, auditedChanges);
      const counts = { file: path.basename(file), rows: rows.length, added: plan.added.length, replaced: replaced.length, unchanged: plan.unchanged };
      if (audited.length === 0) return { result, after: counts };
      return {
        result,
        before: { payouts: audited.map((change) => change.before) },
        after: { ...counts, payouts: audited.map((change) => change.payout) },
      };
    },
    now,
  );
}
