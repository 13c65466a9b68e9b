import type { UpstreamUnavailable } from '@shared/schemas/upstream';
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

/**
 * A relay of an outside service (explorer, marketplace). Asks for `?onUnavailable=state`, so an
 * unreachable service answers 200 (a 5xx is a console error in every browser) and is thrown here as
 * the same `ApiError` a 502 would be: the page shows its usual unavailable state.
 */
export async function getUpstreamJson<T extends object>(url: string): Promise<T> {
  const body = await getJson<T | UpstreamUnavailable>(`${url}${url.includes('?') ? '&' : '?'}onUnavailable=state`);
  if ('unavailable' in body && body.unavailable === true) throw new ApiError(502, body.error, body.message);
  return body as T;
}
