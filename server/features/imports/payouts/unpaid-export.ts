import { stringify } from 'csv-stringify/sync';
import type { Kysely } from 'kysely';
import { microToString } from '@shared/token-amount';
import type { Database } from '../../../platform/db/schema.js';
import { readOwedPairs } from '../../allocation/index.js';
import { allocationColumns } from '../allocations/allocation-import.service.js';

export interface OwedTotals {
  /** (wallet, category) pairs: the file's rows. */
  rows: number;
  wallets: number;
  /** Micro-tokens. */
  micro: number;
}

/**
 * The pairs of the live allocation list still owed (no payout, or one whose transfer failed), written
 * as an allocation file (`wallet_address,category,tokens`, by wallet and category) a page at a time:
 * `npm run import:allocations` reads it back to the same pairs and amounts. `write` may wait (a pipe's
 * backpressure).
 */
export async function writeOwedAllocationCsv(db: Kysely<Database>, write: (text: string) => Promise<void>): Promise<OwedTotals> {
  const totals: OwedTotals = { rows: 0, wallets: 0, micro: 0 };
  let lastWallet: string | null = null;
  await write(stringify([[...allocationColumns]]));
  for await (const page of readOwedPairs(db)) {
    for (const pair of page) {
      if (pair.wallet !== lastWallet) totals.wallets += 1;
      lastWallet = pair.wallet;
      totals.micro += pair.micro;
    }
    totals.rows += page.length;
    await write(stringify(page.map((pair) => [pair.wallet, pair.category, microToString(BigInt(pair.micro))])));
  }
  return totals;
}
