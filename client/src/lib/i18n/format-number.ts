import type { Language } from './dictionary';

export const intlLocales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocales[language], options).format(value);
}
