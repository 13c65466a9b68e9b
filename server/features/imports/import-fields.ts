import { toMicro } from '@shared/token-amount';
import { totalSupply } from '@shared/tokenomics';

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

type Values<T> = { [K in keyof T]: T[K] extends Checked<infer V> ? V : never };

export const maxCategoryLength = 200;
export const maxTokensMicro = toMicro(totalSupply);

// No sign, no exponent, at most 6 decimals: exactly what fits a micro-token without rounding.
const tokenPattern = /^\d+(\.\d{1,6})?$/;
const wholePattern = /^\d+$/;

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const bad = (problem: string): Checked<never> => ({ ok: false, problem });

/** The raw value as shown in a message, cut short so a garbage row cannot flood the terminal. */
export function quote(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
}

/** A token amount in micro-tokens: a non-negative decimal of at most 6 decimals, up to the total supply. */
export function checkTokens(column: string, raw: string): Checked<bigint> {
  if (!tokenPattern.test(raw)) {
    return bad(`${column} ${quote(raw)} is not a non-negative amount with at most 6 decimals (like 1234.5)`);
  }
  const micro = toMicro(raw);
  if (micro > maxTokensMicro) return bad(`${column} ${raw} is more than the total supply of ${totalSupply} tokens`);
  return ok(micro);
}

const maxMicro = Number(maxTokensMicro);
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

/**
 * A good amount in micro-tokens (exact: at most 1e15), or the problem with it. Digits with at most six
 * after a point (what checkTokens accepts) are read here first, so a good amount costs no regular
 * expression, no bigint and no garbage; anything else gets checkTokens' verdict.
 */
export function readTokensMicro(column: string, raw: string): number | string {
  const point = raw.indexOf('.');
  const wholeEnd = point === -1 ? raw.length : point;
  const decimals = point === -1 ? 0 : raw.length - point - 1;
  if (wholeEnd > 0 && wholeEnd <= 10 && (point === -1 || (decimals >= 1 && decimals <= 6))) {
    const whole = digitsValue(raw, 0, wholeEnd);
    const fraction = point === -1 ? 0 : digitsValue(raw, point + 1, raw.length);
    const micro = whole * 1e6 + fraction * fractionScale[decimals]!;
    if (whole >= 0 && fraction >= 0 && whole <= totalSupply && micro <= maxMicro) return micro;
  }
  const checked = checkTokens(column, raw);
  return checked.ok ? Number(checked.value) : checked.problem;
}

export function checkPoints(column: string, raw: string): Checked<number> {
  const points = Number(raw);
  if (!wholePattern.test(raw)) return bad(`${column} ${quote(raw)} is not a non-negative whole number`);
  if (!Number.isSafeInteger(points)) return bad(`${column} ${raw} is too large`);
  return ok(points);
}

/** All fields' values, or every field's problem joined into one message for the row. */
export function checkAll<T extends Record<string, Checked<unknown>>>(checks: T): Checked<Values<T>> {
  const problems = Object.values(checks).flatMap((check) => (check.ok ? [] : [check.problem]));
  if (problems.length) return bad(problems.join('; '));
  const entries = Object.entries(checks).map(([key, check]) => [key, (check as { value: unknown }).value]);
  return ok(Object.fromEntries(entries) as Values<T>);
}
