import { useMemo } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** Number formatters bound to the chosen language, so every figure on these pages reads the same way. */
export function useFormat() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
      /** Token amounts: whole numbers stay whole, fractions show at most two decimals. */
      tokens: (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 }),
      /** Whole percents such as 28 -> "28%". */
      percent: (value: number) =>
        formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 2 }),
      /** Multipliers as the spec writes them in tables: 1.10, 1.25, 2.00. */
      multiplier: (value: number, fractionDigits = 2) =>
        formatNumber(value, language, { minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 }),
      /** Large approximate amounts: 259.4M (en), 2.594亿 (zh). */
      compact: (value: number, options?: Intl.NumberFormatOptions) =>
        formatNumber(value, language, { notation: 'compact', maximumSignificantDigits: 4, ...options }),
    }),
    [language],
  );
}
