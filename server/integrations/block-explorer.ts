import { fetchText, UpstreamError } from './http.js';

async function askExplorer(url: string, timeoutMs: number, signal: AbortSignal): Promise<number> {
  const text = (await fetchText(url, { timeoutMs, signal })).trim();
  if (!/^\d{1,8}$/.test(text)) throw new UpstreamError(`${new URL(url).host} answered a non-height`);
  return Number(text);
}

/**
 * The chain tip height: every explorer is asked at once under one deadline, the first plausible
 * number wins and the other calls are abandoned. Only when all fail (or the deadline passes) is
 * this an error, naming each explorer's reason.
 */
export async function fetchTipHeight(urls: readonly string[], timeoutMs: number): Promise<number> {
  const done = new AbortController();
  const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), done.signal]);
  try {
    return await Promise.any(urls.map((url) => askExplorer(url, timeoutMs, signal)));
  } catch (error) {
    const reasons = error instanceof AggregateError ? error.errors : [error];
    const messages = reasons.map((reason: unknown) => (reason instanceof Error ? reason.message : String(reason)));
    throw new UpstreamError(`no block explorer answered: ${messages.join('; ')}`, { cause: error });
  } finally {
    done.abort();
  }
}
