/** What every import's row checks share: a field's verdict, and a raw value quoted for a message. */
export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

type Values<T> = { [K in keyof T]: T[K] extends Checked<infer V> ? V : never };

export const maxCategoryLength = 200;

export const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
export const bad = (problem: string): Checked<never> => ({ ok: false, problem });

/** The raw value as shown in a message, cut short so a garbage row cannot flood the terminal. */
export function quote(raw: string): string {
  return JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
}

/** All fields' values, or every field's problem joined into one message for the row. */
export function checkAll<T extends Record<string, Checked<unknown>>>(checks: T): Checked<Values<T>> {
  const problems = Object.values(checks).flatMap((check) => (check.ok ? [] : [check.problem]));
  if (problems.length) return bad(problems.join('; '));
  const entries = Object.entries(checks).map(([key, check]) => [key, (check as { value: unknown }).value]);
  return ok(Object.fromEntries(entries) as Values<T>);
}
