import type { ErrorCode } from '@shared/error-codes';
import type { UnavailableState } from '@shared/schemas/upstream';
import { ApiError, apiErrorFromBody, networkError } from './api-error';

/** Every call to our API goes through here: the session cookie along, an `ApiError` for anything but 2xx. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) {
    const bodyText = await response.text().catch(() => '');
    throw apiErrorFromBody(response.status, bodyText, response.headers.get('retry-after'));
  }
  return response;
}

export function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  return apiFetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
  });
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** The status each unavailable state stands in for: what a caller that does not ask for the state gets. */
const errorStatusOf: Partial<Record<ErrorCode, number>> = {
  UPSTREAM_UNAVAILABLE: 502,
  STAKING_STATS_UNAVAILABLE: 503,
  ALLOCATION_NOT_FOUND: 404,
};

/**
 * An optional figure (an outside service's, or one the operator may not have set). Asks for
 * `?onUnavailable=state`, so a figure that cannot be had answers 200 (a 4xx/5xx is a console error in
 * every browser) and is thrown here as the same `ApiError` the error answer would be: the page shows
 * its usual unavailable state.
 */
export async function getOptionalFigure<T extends object>(url: string): Promise<T> {
  const body = await getJson<T | UnavailableState>(`${url}${url.includes('?') ? '&' : '?'}onUnavailable=state`);
  if ('unavailable' in body && body.unavailable === true) throw new ApiError(errorStatusOf[body.error] ?? 503, body.error, body.message);
  return body as T;
}
