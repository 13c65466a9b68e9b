/** The `error` code of a JSON error answer (`{ error, message }`), or what stands in for it. */
export function errorCodeOf(body: string): string {
  try {
    return String((JSON.parse(body) as { error?: unknown }).error ?? 'no code');
  } catch {
    return 'not JSON';
  }
}

/**
 * A 503 SERVER_BUSY body (`{ error, message }`, in that order): a request shed by the server, counted
 * apart from failures. Told by its start, without parsing: closed-loop runs check every answer's body.
 */
export const isShedBody = (body: string): boolean => body.startsWith('{"error":"SERVER_BUSY"');
