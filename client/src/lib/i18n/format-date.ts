import type { Language } from '@client/lib/i18n/types';
import { intlLocales } from './format-number';

function format(iso: string, language: Language, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocales[language], options).format(date);
}

export const formatDate = (iso: string, language: Language) => format(iso, language, { dateStyle: 'medium' });

export const formatDateTime = (iso: string, language: Language) =>
  format(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
