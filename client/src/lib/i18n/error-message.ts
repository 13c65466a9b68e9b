import type { ErrorCode } from '@shared/error-codes';
import { ApiError } from '../api-error';
import type { Language } from './types';

/** The dictionary's texts for failed calls (t.errors). */
export interface ErrorTexts {
  readonly unknown: string;
  readonly network: string;
  readonly codes: Readonly<Record<ErrorCode, string>>;
}

/**
 * What to tell a person about a failed call, in their language. English pages show the server's own
 * message when it sent one for a known code (it can name specifics such as the time left); Chinese
 * pages show the dictionary's translation of the code, its placeholders filled from the details.
 * Without a known code, `fallback` (the spec's own text for that place) or a generic message.
 * Nothing raw (status digits, JSON, unfilled placeholders) ever shows.
 */
export function errorMessage(
  error: unknown,
  t: { readonly errors: ErrorTexts },
  language: Language,
  fallback?: string,
): string {
  if (!(error instanceof ApiError) || error.code === null) {
    return fallback ?? (error instanceof ApiError && error.status === null ? t.errors.network : t.errors.unknown);
  }
  if (language === 'en' && error.message !== '') return error.message;
  return fill(t.errors.codes[error.code], error.details) ?? fallback ?? t.errors.unknown;
}

/**
 * A dictionary message's `{name}` placeholders, filled from the answer's details (e.g. a failed
 * requirement's numbers); null when a detail is missing, so no `{name}` ever reaches a person.
 */
function fill(text: string, details: Readonly<Record<string, unknown>>): string | null {
  let complete = true;
  const filled = text.replace(/\{(\w+)\}/g, (_placeholder, name: string) => {
    const value = details[name];
    if (typeof value === 'number' || typeof value === 'string') return String(value);
    complete = false;
    return '';
  });
  return complete ? filled : null;
}
