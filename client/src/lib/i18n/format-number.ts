import type { Language } from './dictionary';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locales[language], options).format(value);
}
