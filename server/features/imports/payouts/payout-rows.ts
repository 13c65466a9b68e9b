import type { Payout } from '../../payouts/index.js';
import { readImportRows } from '../shared/csv-reader.js';
import { bad, type Checked, checkAll, ok, quote } from '../shared/fields.js';
import type { ImportOptions, LineError } from '../shared/import-file.js';
import { walletChecker } from '../shared/wallet-check.js';

/** A payout file's columns; `vout` may be left out. */
export const payoutColumns = ['wallet_address', 'category', 'txid', 'vout'] as const;
const optionalColumns = ['vout'] as const;

/** A transaction output's index is a 32-bit number in Bitcoin's encoding. */
const maxVout = 0xffff_ffff;

const txidPattern = /^[0-9a-fA-F]{64}$/;
const voutPattern = /^\d{1,10}$/;

function checkCategory(raw: string): Checked<string> {
  return raw === '' ? bad('category is empty') : ok(raw);
}

/** A transaction id: 64 hexadecimal characters, kept lower-cased as explorers print it. */
function checkTxid(raw: string): Checked<string> {
  if (txidPattern.test(raw)) return ok(raw.toLowerCase());
  return bad(raw === '' ? 'txid is empty' : `txid ${quote(raw)} is not a transaction id (64 hexadecimal characters)`);
}

/** An output index, or none when the field is empty. */
function checkVout(raw: string): Checked<number | null> {
  if (raw === '') return ok(null);
  const vout = Number(raw);
  if (!voutPattern.test(raw) || vout > maxVout) return bad(`vout ${quote(raw)} is not an output index (a whole number from 0 to ${maxVout})`);
  return ok(vout);
}

export interface PayoutFileRow extends Payout {
  line: number;
}

/** The key of a (wallet, category) pair in a map. */
export const pairKey = (wallet: string, category: string) => `${wallet}\n${category}`;

/**
 * Streams a payout file and checks every row on its own: the good rows, and one error per bad row. A
 * (wallet, category) paid twice in the file is refused on its second line, naming the first.
 */
export async function readPayoutFile(
  file: string,
  options: Pick<ImportOptions, 'allowUncheckedAddresses' | 'onProgress'>,
): Promise<{ rows: PayoutFileRow[]; errors: LineError[] }> {
  const checkWallet = walletChecker({ checksum: !options.allowUncheckedAddresses });
  const rows: PayoutFileRow[] = [];
  const errors: LineError[] = [];
  const firstLine = new Map<string, number>();
  for await (const batch of readImportRows(file, payoutColumns, errors, options.onProgress, optionalColumns)) {
    for (const item of batch) {
      const [wallet, category, txid, vout] = item.values as [string, string, string, string];
      const checked = checkAll({ wallet: checkWallet(wallet), category: checkCategory(category), txid: checkTxid(txid), vout: checkVout(vout) });
      if (!checked.ok) {
        errors.push({ line: item.line, message: checked.problem });
        continue;
      }
      const row = { line: item.line, ...checked.value };
      const key = pairKey(row.wallet, row.category);
      const first = firstLine.get(key);
      if (first === undefined) {
        firstLine.set(key, row.line);
        rows.push(row);
      } else {
        errors.push({ line: row.line, message: `wallet_address ${row.wallet} is paid "${row.category}" twice in this file, on lines ${first} and ${row.line}` });
      }
    }
  }
  return { rows, errors };
}
