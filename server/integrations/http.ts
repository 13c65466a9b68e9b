/** Outside calls: bounded in time and in size, so a hanging or flooding upstream cannot hold a request. */
const maxBodyBytes = 256 * 1024;

export class UpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

export async function fetchText(
  url: string,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<string> {
  const { timeoutMs = 5000, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (error) {
    throw new UpstreamError(`${new URL(url).host} did not answer`, { cause: error });
  }
  if (!response.ok) throw new UpstreamError(`${new URL(url).host} answered ${response.status}`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > maxBodyBytes) throw new UpstreamError(`${new URL(url).host} answered too much`);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new UpstreamError(`${new URL(url).host} broke off its answer`, { cause: error });
  }
  if (text.length > maxBodyBytes) throw new UpstreamError(`${new URL(url).host} answered too much`);
  return text;
}

export async function fetchJson(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<unknown> {
  const text = await fetchText(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UpstreamError(`${new URL(url).host} answered something that is not JSON`, { cause: error });
  }
}
