import { apiErrorFromBody, networkError } from './api-error';

/** Every call to our API goes through here: the session cookie along, an `ApiError` for anything but 2xx. */
export async function apiFetch(url: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'include' });
  } catch (error) {
    throw networkError(error);
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await response.text().catch(() => ''));
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
