import type { Language } from '@client/lib/i18n/types';
import { ApiError } from '@client/lib/api-error';
import type { Dictionary } from './dictionary';

/**
 * What to tell a person about a failed call, in their language. English pages show the server's own
 * message when it sent one for a known code (it can name specifics such as the time left); Chinese
 * pages show the dictionary's translation of the code. Without a known code, `fallback` (the spec's
 * own text for that place) or a generic message. Nothing raw (status digits, JSON) ever shows.
 */
export function errorMessage(error: unknown, t: Dictionary, language: Language, fallback?: string): string {
  if (!(error instanceof ApiError) || error.code === null) {
    return fallback ?? (error instanceof ApiError && error.status === null ? t.errors.network : t.errors.unknown);
  }
  if (language === 'en' && error.message !== '') return error.message;
  return t.errors.codes[error.code];
}
