import { toMicro } from '@shared/token-amount';
import { totalSupply } from '@shared/tokenomics';
import { quote } from './fields.js';

/**
 * The one reader of token amounts, for every import and for `npm run allocate`'s pool: micro-tokens as
 * numbers, exact because an amount is at most the total supply (1e15 < 2^53).
 */
export const maxTokensMicro = Number(toMicro(totalSupply));

// No sign, no exponent, at most 6 decimals: exactly what fits a micro-token without rounding.
const tokenPattern = /^\d+(\.\d{1,6})?$/;
const fractionScale = [1, 100_000, 10_000, 1000, 100, 10, 1];
const zero = 48;

/** The digits of raw[from, to) as a number, or -1 when a character is not a digit. */
function digitsValue(raw: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const digit = raw.charCodeAt(i) - zero;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/** The slow path's verdict on an amount the fast path did not take: the exact value, or the problem. */
function amountProblemOrMicro(column: string, raw: string): number | string {
  if (!tokenPattern.test(raw)) {
    return `${column} ${quote(raw)} is not a non-negative amount with at most 6 decimals (like 1234.5)`;
  }
  const micro = toMicro(raw);
  if (micro > BigInt(maxTokensMicro)) return `${column} ${raw} is more than the total supply of ${totalSupply} tokens`;
  return Number(micro);
}

/**
 * A token amount in micro-tokens (a non-negative decimal of at most 6 decimals, up to the total supply),
 * or the problem with it. Digits with at most six after a point are read here first, so a good amount
 * costs no regular expression, no bigint and no garbage; anything else gets the exact check's verdict.
 */
export function readTokensMicro(column: string, raw: string): number | string {
  const point = raw.indexOf('.');
  const wholeEnd = point === -1 ? raw.length : point;
  const decimals = point === -1 ? 0 : raw.length - point - 1;
  if (wholeEnd > 0 && wholeEnd <= 10 && (point === -1 || (decimals >= 1 && decimals <= 6))) {
    const whole = digitsValue(raw, 0, wholeEnd);
    const fraction = point === -1 ? 0 : digitsValue(raw, point + 1, raw.length);
    const micro = whole * 1e6 + fraction * fractionScale[decimals]!;
    if (whole >= 0 && fraction >= 0 && whole <= totalSupply && micro <= maxTokensMicro) return micro;
  }
  return amountProblemOrMicro(column, raw);
}
