import { toMicro } from '../../../shared/token-amount.js';
import { totalSupply } from '../../../shared/tokenomics.js';

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
