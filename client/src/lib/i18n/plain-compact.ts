import type { Language } from './types';

/** The options `plainCompact` writes itself; any other option is left to Intl. */
const compactOptions = new Set(['notation', 'maximumSignificantDigits', 'style', 'currency']);

/** en-US's short units from the largest; zh-CN counts in 万 (10⁴), 亿 (10⁸) and 万亿 (10¹²). */
const units: Record<Language, ReadonlyArray<readonly [exponent: number, unit: string]>> = {
  en: [
    [12, 'T'],
    [9, 'B'],
    [6, 'M'],
    [3, 'K'],
  ],
  zh: [
    [12, '万亿'],
    [8, '亿'],
    [4, '万'],
  ],
};

const currencyPrefix: Record<Language, string> = { en: '$', zh: 'US$' };

/** `digits` (no dot) with the point after `wholeLength` of them, rounded half away from zero to `significant` digits. */
function roundSignificant(digits: string, wholeLength: number, significant: number): { digits: string; wholeLength: number } {
  const leadingZeros = /^0*/.exec(digits)?.[0].length ?? 0;
  const start = Math.min(leadingZeros, digits.length - 1);
  const kept = digits.slice(start, start + significant);
  const roundsUp = (digits[start + significant] ?? '0') >= '5';
  const rounded = (BigInt(kept) + (roundsUp ? 1n : 0n)).toString();
  // 9.995 → 10.00: one digit more before the point.
  const grew = rounded.length > kept.length ? 1 : 0;
  const padded = rounded.padEnd(Math.max(wholeLength - start + grew, rounded.length), '0');
  return { digits: padded, wholeLength: wholeLength - start + grew };
}

/**
 * What `Intl.NumberFormat` writes with `notation: 'compact'` and `maximumSignificantDigits` for a
 * non-negative number below 10¹⁵ in en-US (1.5K, 259.4M, 1B) and zh-CN (1.5万, 2.594亿, 10亿), as a plain
 * figure or in US dollars; undefined outside those cases. Like ICU it rounds the shortest decimal form of
 * the number, half away from zero, and moves to the next unit when rounding reaches it.
 */
export function plainCompact(value: number, language: Language, options: Intl.NumberFormatOptions = {}): string | undefined {
  if (Object.keys(options).some((key) => !compactOptions.has(key))) return undefined;
  const { notation, maximumSignificantDigits: significant, style = 'decimal', currency } = options;
  if (notation !== 'compact' || significant === undefined || !Number.isInteger(significant) || significant < 1 || significant > 21) return undefined;
  if (style === 'currency' ? currency !== 'USD' : style !== 'decimal') return undefined;
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0) || value >= 1e15) return undefined;
  const shortest = String(value);
  if (shortest.includes('e')) return undefined;

  const [whole = '0', fraction = ''] = shortest.split('.');
  const unitsOfLanguage = units[language];
  let index = unitsOfLanguage.findIndex(([exponent]) => whole.length > exponent);
  for (;;) {
    const exponent = index === -1 ? 0 : unitsOfLanguage[index]![0];
    const rounded = roundSignificant(whole + fraction, whole.length, significant);
    const wholeDigits = rounded.wholeLength - exponent;
    // Rounding reached the next unit (999,950 → 1M, not 1000K).
    const next = index === -1 ? unitsOfLanguage.length - 1 : index - 1;
    const nextExponent = unitsOfLanguage[next]?.[0];
    if (nextExponent !== undefined && next !== index && rounded.wholeLength > nextExponent) {
      index = next;
      continue;
    }
    const integer = rounded.digits.slice(0, Math.max(wholeDigits, 0)).padStart(1, '0');
    const decimals = (wholeDigits < 0 ? '0'.repeat(-wholeDigits) : '') + rounded.digits.slice(Math.max(wholeDigits, 0));
    const trimmed = decimals.replace(/0+$/, '');
    const figure = `${integer.replace(/^0+(?=\d)/, '')}${trimmed ? `.${trimmed}` : ''}`;
    const unit = index === -1 ? '' : unitsOfLanguage[index]![1];
    return `${style === 'currency' ? currencyPrefix[language] : ''}${figure}${unit}`;
  }
}
