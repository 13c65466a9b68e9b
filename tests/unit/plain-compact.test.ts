import { describe, expect, it } from 'vitest';
import { intlLocales } from '@client/lib/i18n/format-number';
import { plainCompact } from '@client/lib/i18n/plain-compact';
import type { Language } from '@client/lib/i18n/types';

const languages: Language[] = ['en', 'zh'];

const edgeValues = [
  0, 1, 9, 999, 1000, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 999_499, 999_500, 999_950, 1_000_000, 1_500_000,
  9_999_500, 99_995_000, 259_400_000, 280_000_000, 1_000_000_000, 0.5, 0.05, 0.125, 1.005, 12.345, 1234.5678,
  123_456_789_012, 999_999_999_999, 999_949_999_999_999,
];

/** A fixed sequence of numbers from 1 to 10¹⁵, some with cents: the same cases on every run. */
function sampledValues(count: number): number[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: count }, () => Math.round(10 ** (next() * 15)) / (next() < 0.3 ? 100 : 1));
}

describe('plainCompact', () => {
  it('writes what Intl.NumberFormat writes in English and Chinese for compact figures and dollars', () => {
    const mismatches: string[] = [];
    for (const language of languages) {
      for (const maximumSignificantDigits of [1, 2, 3, 4, 6]) {
        for (const currency of [{}, { style: 'currency', currency: 'USD' } as const]) {
          const options: Intl.NumberFormatOptions = { notation: 'compact', maximumSignificantDigits, ...currency };
          const format = new Intl.NumberFormat(intlLocales[language], options);
          for (const value of [...edgeValues, ...sampledValues(500)]) {
            const plain = plainCompact(value, language, options);
            const expected = format.format(value);
            if (plain !== expected) mismatches.push(`${language} ${value} ${JSON.stringify(options)}: ${plain} instead of ${expected}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('covers the figures the tokenomics pages show', () => {
    expect(plainCompact(1_000_000_000, 'en', { notation: 'compact', maximumSignificantDigits: 4 })).toBe('1B');
    expect(plainCompact(1_000_000_000, 'zh', { notation: 'compact', maximumSignificantDigits: 4 })).toBe('10亿');
    expect(plainCompact(1_500_000, 'en', { notation: 'compact', maximumSignificantDigits: 4, style: 'currency', currency: 'USD' })).toBe('$1.5M');
  });

  it('leaves negative and huge numbers, default rounding, other currencies and options to Intl', () => {
    const compact = { notation: 'compact', maximumSignificantDigits: 4 } as const;
    expect(plainCompact(-1, 'en', compact)).toBeUndefined();
    expect(plainCompact(1e15, 'en', compact)).toBeUndefined();
    expect(plainCompact(1000, 'en', { notation: 'compact' })).toBeUndefined();
    expect(plainCompact(1000, 'en', { ...compact, style: 'currency', currency: 'EUR' })).toBeUndefined();
    expect(plainCompact(1000, 'en', { ...compact, compactDisplay: 'long' })).toBeUndefined();
    expect(plainCompact(1000, 'en', { maximumSignificantDigits: 4 })).toBeUndefined();
  });
});
