import { describe, expect, it } from 'vitest';
import { formatNumber, intlLocales } from '@client/lib/i18n/format-number';
import { plainNumber } from '@client/lib/i18n/plain-number';
import type { Language } from '@client/lib/i18n/types';

const languages: Language[] = ['en', 'zh'];

const optionSets: Array<Intl.NumberFormatOptions | undefined> = [
  undefined,
  { maximumFractionDigits: 0 },
  { maximumFractionDigits: 1 },
  { maximumFractionDigits: 2 },
  { maximumFractionDigits: 6 },
  { maximumFractionDigits: 8 },
  { minimumFractionDigits: 3, maximumFractionDigits: 3 },
  { minimumFractionDigits: 1, maximumFractionDigits: 2 },
  { minimumFractionDigits: 2 },
  { minimumFractionDigits: 5 },
  { style: 'percent' },
  { style: 'percent', maximumFractionDigits: 1 },
  { style: 'percent', maximumFractionDigits: 2 },
  { style: 'decimal', maximumFractionDigits: 2 },
];

const edgeValues = [
  0, 1, 9, 10, 999, 1000, 1234, 99_999, 100_000, 1_000_000, 3420, 1_000_000_000, 280_000_000, Number.MAX_SAFE_INTEGER,
  0.5, 0.05, 0.005, 0.0005, 0.125, 0.135, 1.005, 1.015, 2.675, 9.995, 99.995, 999.9995, 0.999, 0.9999, 0.99999, 1234.5678,
  123456.789, 0.00012345, 0.1, 0.2, 0.3, 0.1 + 0.2, 45.67 / 100, 0.4567, 0.12345, 0.99995, 0.019995, 12.345, 1e20, 1e-6,
  1e-7, 1e21, 0.00069420,
];

/** A fixed sequence of numbers of every size and precision: the same cases on every run. */
function sampledValues(count: number): number[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => {
    const magnitude = 10 ** Math.floor(next() * 14 - 6);
    const decimals = Math.floor(next() * 10);
    return Number((next() * magnitude).toFixed(decimals));
  });
}

describe('plainNumber', () => {
  it('writes what Intl.NumberFormat writes in English and Chinese for plain decimals and percents', () => {
    const mismatches: string[] = [];
    for (const options of optionSets) {
      const formats = languages.map((language) => new Intl.NumberFormat(intlLocales[language], options));
      for (const value of [...edgeValues, ...sampledValues(1_000)]) {
        const plain = plainNumber(value, options);
        if (plain === undefined) continue;
        for (const format of formats) {
          const expected = format.format(value);
          if (plain !== expected) mismatches.push(`${value} ${JSON.stringify(options)}: ${plain} instead of ${expected}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('covers whole numbers and the fractions the pages show', () => {
    expect(plainNumber(1_234_567)).toBe('1,234,567');
    expect(plainNumber(0.4567, { style: 'percent', maximumFractionDigits: 2 })).toBe('45.67%');
    expect(plainNumber(1.005, { maximumFractionDigits: 2 })).toBe('1.01');
  });

  it('leaves negative numbers, exponents, other styles and notations and invalid ranges to Intl', () => {
    expect(plainNumber(-1)).toBeUndefined();
    expect(plainNumber(-0)).toBeUndefined();
    expect(plainNumber(Number.NaN)).toBeUndefined();
    expect(plainNumber(1e21)).toBeUndefined();
    expect(plainNumber(1e-7)).toBeUndefined();
    expect(plainNumber(1000, { notation: 'compact' })).toBeUndefined();
    expect(plainNumber(1000, { style: 'currency', currency: 'USD' })).toBeUndefined();
    expect(plainNumber(1, { minimumFractionDigits: 3, maximumFractionDigits: 2 })).toBeUndefined();
  });
});

describe('formatNumber', () => {
  it('still formats what plainNumber and plainCompact leave, through Intl', () => {
    expect(formatNumber(-1234.5, 'en')).toBe('-1,234.5');
    expect(formatNumber(1_500_000, 'en', { notation: 'compact' })).toBe('1.5M');
    expect(formatNumber(1_500_000, 'zh', { notation: 'compact', style: 'currency', currency: 'EUR', maximumSignificantDigits: 4 })).toBe(
      new Intl.NumberFormat('zh-CN', { notation: 'compact', style: 'currency', currency: 'EUR', maximumSignificantDigits: 4 }).format(1_500_000),
    );
    expect(() => formatNumber(1, 'en', { minimumFractionDigits: 3, maximumFractionDigits: 2 })).toThrow(RangeError);
  });
});
