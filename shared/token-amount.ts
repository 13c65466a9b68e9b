/**
 * Token amounts as integer micro-tokens (6 decimals). DESIGN.md: amounts are stored as micro-tokens and
 * returned as JSON numbers in tokens; floats are never summed or split. 1,000,000,000 tokens is 1e15
 * micro-tokens, still below Number.MAX_SAFE_INTEGER, so a micro amount also fits a JSON/SQLite integer.
 */
export const tokenDecimals = 6;
export const microPerToken = 1_000_000n;

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * Tokens to micro-tokens. Strings are parsed digit by digit, so '69412725.85' is exact; numbers go through
 * their shortest decimal form. Digits past the sixth decimal round half away from zero.
 */
export function toMicro(tokens: number | string | bigint): bigint {
  if (typeof tokens === 'bigint') return tokens * microPerToken;
  if (typeof tokens === 'number') {
    if (!Number.isFinite(tokens) || Math.abs(tokens) >= 1e21) {
      throw new RangeError(`Not a token amount: ${tokens}`);
    }
    // String gives the shortest decimal that reads back as this number, so 2.0000005 rounds as written;
    // toFixed(6) would round the binary value, which may lie just below the half.
    return toMicro(plainDecimal(tokens));
  }
  const match = decimalPattern.exec(tokens.trim());
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) {
    throw new RangeError(`Not a token amount: '${tokens}'`);
  }
  const kept = BigInt((whole || '0') + fraction.slice(0, tokenDecimals).padEnd(tokenDecimals, '0'));
  const roundsUp = (fraction[tokenDecimals] ?? '0') >= '5';
  const magnitude = roundsUp ? kept + 1n : kept;
  return match[1] === '-' ? -magnitude : magnitude;
}

/** Micro-tokens to a JSON number of tokens (the nearest double to the exact decimal). */
export function fromMicro(micro: bigint | number): number {
  if (typeof micro === 'bigint') {
    if (micro > maxSafeMicro || micro < -maxSafeMicro) return Number(microToString(micro));
    micro = Number(micro);
  } else if (!Number.isSafeInteger(micro)) {
    throw new RangeError(`Not an integer micro-token amount: ${micro}`);
  }
  // Both operands are exact doubles and IEEE division rounds the exact quotient, which is the exact
  // decimal: the same double as parsing microToString's text, without a BigInt and a string per amount.
  // (-0 has no decimal of its own: it is 0.)
  return micro === 0 ? 0 : micro / microPerTokenNumber;
}

const maxSafeMicro = BigInt(Number.MAX_SAFE_INTEGER);
const microPerTokenNumber = Number(microPerToken);

/** Exact decimal text of a micro amount, without trailing zeros: 75070600000n -> '75070.6'. */
export function microToString(micro: bigint): string {
  const negative = micro < 0n;
  const magnitude = negative ? -micro : micro;
  const whole = magnitude / microPerToken;
  const fraction = (magnitude % microPerToken).toString().padStart(tokenDecimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

export function sumMicro(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}

/** a x b / c, rounded half away from zero: the one place a division of amounts may lose a remainder. */
export function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new RangeError('Division by zero');
  const product = a * b;
  const negative = product < 0n !== c < 0n;
  const numerator = product < 0n ? -product : product;
  const divisor = c < 0n ? -c : c;
  const quotient = (numerator + divisor / 2n) / divisor;
  return negative ? -quotient : quotient;
}

/**
 * Splits an amount by whole percents (summing to 100). Every share but the last is rounded down and the
 * last takes the remainder, so the shares always add back to the amount exactly.
 */
export function splitByPercents(amount: bigint, percents: readonly number[]): bigint[] {
  const total = percents.reduce((sum, percent) => sum + percent, 0);
  if (total !== 100 || !percents.every((percent) => Number.isInteger(percent) && percent >= 0)) {
    throw new RangeError(`Percents must be whole and sum to 100, got ${percents.join('/')}`);
  }
  const shares = percents.slice(0, -1).map((percent) => (amount * BigInt(percent)) / 100n);
  return [...shares, amount - sumMicro(shares)];
}

function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Tiny numbers print as 1e-7; toFixed(20) is plain there and exact enough for rounding at 6 decimals.
  return value.toFixed(20);
}
