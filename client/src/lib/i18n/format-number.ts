import type { Language } from '@client/lib/i18n/types';
import { plainCompact } from './plain-compact';
import { plainNumber } from './plain-number';

export const intlLocales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  // A page's first Intl.NumberFormat loads ICU's number data: 60–150 ms of a phone's slowed CPU, inside
  // the hydration of every page that shows a number. The plain and compact cases are written without it.
  return plainNumber(value, options) ?? plainCompact(value, language, options) ?? new Intl.NumberFormat(intlLocales[language], options).format(value);
}
