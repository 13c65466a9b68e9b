import type { Language } from '@client/lib/i18n/dictionary';

const locales: Record<Language, string> = { en: 'en-US', zh: 'zh-CN' };

export function formatDate(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium' }).format(date);
}
