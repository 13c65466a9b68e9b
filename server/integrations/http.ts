/** Outside calls: bounded in time and in size, so a hanging or flooding upstream cannot hold a request. */
const defaultMaxBodyBytes = 256 * 1024;

export class UpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

export interface BoundedInit extends RequestInit {
  /** For the whole call, the body read included (default 5 s). */
  timeoutMs?: number;
  /** The largest body read (default 256 KiB); a larger one is an UpstreamError. */
  maxBodyBytes?: number;
}

/** The body, read up to the size cap; reading fails when the call's signal aborts. */
async function readCapped(response: Response, host: string, maxBodyBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBodyBytes) {
      await reader.cancel().catch(() => {});
      throw new UpstreamError(`${host} answered too much`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One outside call and its whole answer, whatever the status. The deadline covers the body too:
 * an upstream that sends its headers on time and its body late is a timeout, never an empty answer.
 * Every failure is an UpstreamError.
 */
export async function fetchBounded(url: string, init: BoundedInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
  const { timeoutMs = 5000, maxBodyBytes = defaultMaxBodyBytes, signal, ...rest } = init;
  const host = new URL(url).host;
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([deadline, signal]) : deadline;
  let response: Response;
  try {
    response = await fetch(url, { ...rest, signal: combined, redirect: 'follow' });
  } catch (error) {
    throw new UpstreamError(`${host} did not answer`, { cause: error });
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBodyBytes) {
    await response.body?.cancel().catch(() => {});
    throw new UpstreamError(`${host} answered too much`);
  }
  try {
    return { status: response.status, text: await readCapped(response, host, maxBodyBytes), headers: response.headers };
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    const reason = combined.aborted ? 'did not finish its answer in time' : 'broke off its answer';
    throw new UpstreamError(`${host} ${reason}`, { cause: error });
  }
}

/** The body of a 2xx answer; any other status is an UpstreamError. */
export async function fetchText(url: string, init: BoundedInit = {}): Promise<string> {
  const { status, text } = await fetchBounded(url, init);
  if (status < 200 || status > 299) throw new UpstreamError(`${new URL(url).host} answered ${status}`);
  return text;
}

export async function fetchJson(url: string, init: BoundedInit = {}): Promise<unknown> {
  const text = await fetchText(url, { ...init, headers: { accept: 'application/json', ...init.headers } });
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UpstreamError(`${new URL(url).host} answered something that is not JSON`, { cause: error });
  }
}
