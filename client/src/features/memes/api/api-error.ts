import type { Dictionary } from '@client/lib/i18n/dictionary';

interface ApiErrorInfo {
  code: string | null;
  message: string | null;
}

/** Reads the `{error, message}` body back out of the api client's `Error("{status}: {body}")`. */
function parseApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^\d{3}: ([\s\S]*)$/.exec(text);
  if (!match) return { code: null, message: null };
  try {
    const body = JSON.parse(match[1]!) as { error?: unknown; message?: unknown };
    return {
      code: typeof body.error === 'string' ? body.error : null,
      message: typeof body.message === 'string' && body.message !== '' ? body.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

/** The server's message, in the page's language when a translation exists for its code; null when there is none. */
export function serverMessage(error: unknown, t: Dictionary): string | null {
  const { code, message } = parseApiError(error);
  const translated = code ? t.memes.serverErrors[code] : undefined;
  return translated ?? message;
}
