import { tokenDecimals } from '@shared/token-amount';
import type { Language } from '@client/lib/i18n/types';
import { intlLocales } from '@client/lib/i18n/format-number';

const microPerToken = 10n ** BigInt(tokenDecimals);

/** The decimals a micro-token amount needs to be exact (0 to 6). */
function decimalsOf(micro: bigint): number {
  const fraction = (micro % microPerToken).toString().padStart(tokenDecimals, '0').replace(/0+$/, '');
  return fraction.length;
}

/**
 * A formatter for the exact token amounts of one table column, given as micro-token strings: every
 * amount with the decimals the most precise one needs, so 34,123.000000 stands above 0.000001.
 */
export function tokenColumn(micros: readonly string[], language: Language): (micro: string) => string {
  const decimals = Math.max(0, ...micros.map((micro) => decimalsOf(BigInt(micro))));
  const whole = new Intl.NumberFormat(intlLocales[language]);
  const point = whole.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return (micro) => {
    const value = BigInt(micro);
    const fraction = (value % microPerToken).toString().padStart(tokenDecimals, '0').slice(0, decimals);
    return `${whole.format(value / microPerToken)}${decimals > 0 ? `${point}${fraction}` : ''}`;
  };
}
