import type { Dictionary } from '@client/lib/i18n/dictionary';

export interface ApiErrorInfo {
  /** HTTP status, or null when the request never got an answer (network error). */
  status: number | null;
  code: string | null;
  message: string | null;
}

/** Reads the `{error, message}` body back out of the api client's `Error("{status}: {body}")`. */
export function parseApiError(error: unknown): ApiErrorInfo {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, code: null, message: null };
  const status = Number(match[1]);
  try {
    const body = JSON.parse(match[2]!) as { error?: unknown; message?: unknown };
    return {
      status,
      code: typeof body.error === 'string' ? body.error : null,
      message: typeof body.message === 'string' && body.message !== '' ? body.message : null,
    };
  } catch {
    return { status, code: null, message: null };
  }
}

/** The server's message in the page's language when a translation exists for its code. */
export function serverMessage(info: ApiErrorInfo, t: Dictionary): string | null {
  const translated = info.code ? t.social.serverErrors[info.code] : undefined;
  return translated ?? info.message;
}
