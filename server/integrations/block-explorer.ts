import { fetchText, UpstreamError } from './http.js';

/** The chain tip height from the first explorer that answers a plausible number. */
export async function fetchTipHeight(urls: readonly string[], timeoutMs: number): Promise<number> {
  const failures: string[] = [];
  for (const url of urls) {
    try {
      const text = (await fetchText(url, { timeoutMs })).trim();
      if (!/^\d{1,8}$/.test(text)) throw new UpstreamError(`${new URL(url).host} answered a non-height`);
      return Number(text);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  throw new UpstreamError(`no block explorer answered: ${failures.join('; ')}`);
}
