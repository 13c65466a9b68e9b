import type { Language } from '@client/lib/i18n/types';
import { formatNumber } from '@client/lib/i18n/format-number';

/** Token amounts are exact to 6 decimals; two are enough to read them. */
export function formatTokens(value: number, language: Language): string {
  return formatNumber(value, language, { maximumFractionDigits: 2 });
}

/**
 * A formatter for token amounts read side by side (a table's column): all with two decimals when any
 * shows a fraction, so 24,012.00 stands above 23,011.50 rather than 24,012 above 23,011.5.
 */
export function tokensFormatter(values: readonly number[], language: Language): (value: number) => string {
  const fractional = values.some((value) => Math.round(value * 100) % 100 !== 0);
  const options = { minimumFractionDigits: fractional ? 2 : 0, maximumFractionDigits: 2 };
  return (value) => formatNumber(value, language, options);
}

export function formatPercent(share: number, language: Language): string {
  return formatNumber(share, language, { style: 'percent', maximumFractionDigits: 1 });
}

const shortEdge = 8;

/** First 8 and last 8 characters, as the top holders list shows a wallet. */
export function shortWallet(address: string): { head: string; tail: string } | null {
  if (address.length <= shortEdge * 2 + 3) return null;
  return { head: address.slice(0, shortEdge), tail: address.slice(-shortEdge) };
}

/** A txid as its first 4 and last 4 hex characters: `1a2b…9f0e`. */
export function shortTxid(txid: string): string {
  return `${txid.slice(0, 4)}…${txid.slice(-4)}`;
}
