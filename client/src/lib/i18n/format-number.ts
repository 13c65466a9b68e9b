import type { Language } from '@client/lib/i18n/types';

export const intlLocales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocales[language], options).format(value);
}
