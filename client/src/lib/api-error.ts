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

/**
 * The server's message for an error, in the page's language when `translations` (by error code)
 * has one; null when the server sent none.
 */
export function serverMessage(error: unknown, translations: Readonly<Record<string, string>>): string | null {
  const { code, message } = parseApiError(error);
  return (code ? translations[code] : undefined) ?? message;
}
