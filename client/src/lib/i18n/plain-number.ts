/** The options `plainNumber` writes itself; any other option is left to Intl. */
const plainOptions = new Set(['style', 'minimumFractionDigits', 'maximumFractionDigits']);

/**
 * What `Intl.NumberFormat` writes for a non-negative plain decimal or percent in en-US and zh-CN (the
 * two write these alike: digits grouped by three with commas, a dot, `%`), or undefined outside those
 * cases. Like ICU it rounds the shortest decimal form of the number, half away from zero.
 */
export function plainNumber(value: number, options: Intl.NumberFormatOptions = {}): string | undefined {
  if (Object.keys(options).some((key) => !plainOptions.has(key))) return undefined;
  const { style = 'decimal', minimumFractionDigits, maximumFractionDigits } = options;
  if (style !== 'decimal' && style !== 'percent') return undefined;
  if (!Number.isFinite(value) || value < 0 || Object.is(value, -0)) return undefined;
  const shortest = String(value);
  if (shortest.includes('e')) return undefined;

  const min = minimumFractionDigits ?? 0;
  const max = maximumFractionDigits ?? Math.max(min, style === 'percent' ? 0 : 3);
  // Intl throws a RangeError for these: let it.
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max > 100 || min > max) return undefined;

  const [whole = '0', fraction = ''] = shortest.split('.');
  const shift = style === 'percent' ? 2 : 0;
  const digits = whole + fraction.padEnd(shift, '0');
  const wholeDigits = digits.slice(0, whole.length + shift);
  const fractionDigits = digits.slice(whole.length + shift);

  const kept = fractionDigits.slice(0, max);
  const roundsUp = (fractionDigits[max] ?? '0') >= '5';
  const scaled = (BigInt(wholeDigits + kept.padEnd(max, '0')) + (roundsUp ? 1n : 0n)).toString().padStart(max + 1, '0');
  const roundedWhole = scaled.slice(0, scaled.length - max);
  const roundedFraction = scaled.slice(scaled.length - max).replace(/0+$/, '').padEnd(min, '0');

  const grouped = roundedWhole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped}${roundedFraction ? `.${roundedFraction}` : ''}${style === 'percent' ? '%' : ''}`;
}
