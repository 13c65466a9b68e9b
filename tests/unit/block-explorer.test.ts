import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTipHeight } from '../../server/integrations/block-explorer.js';
import { UpstreamError } from '../../server/integrations/http.js';
import { type FakeUpstream, startFakeUpstream } from '../../scripts/fake-x/fake-upstream.js';

let upstream: FakeUpstream;
let run = 0;

beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(async () => upstream.close());

/** Two explorer paths no other test has used. */
function explorers() {
  run++;
  return { a: `/a${run}/height`, b: `/b${run}/height` };
}

const urls = (...paths: string[]) => paths.map((path) => `${upstream.url}${path}`);

/** Waits until the fake has seen `count` abandoned calls on a path (the abort reaches it over the socket). */
async function abandoned(path: string, count = 1) {
  while (upstream.aborted(path) < count) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('fetchTipHeight', () => {
  it('takes the first good answer without waiting for an explorer that hangs, and abandons that one', async () => {
    const { a, b } = explorers();
    upstream.set(a, { kind: 'hang' });
    upstream.set(b, { kind: 'text', body: '915400\n' });
    // Asked in turn, the hanging first explorer would hold the call for a minute (past the test's timeout).
    expect(await fetchTipHeight(urls(a, b), 60_000)).toBe(915400);
    await abandoned(a);
  });

  it('prefers a good answer to a faster bad one', async () => {
    const { a, b } = explorers();
    upstream.set(a, { kind: 'text', body: '<html>rate limited</html>' });
    upstream.set(b, { kind: 'slow-headers', body: '915401', delayMs: 200 });
    expect(await fetchTipHeight(urls(a, b), 5_000)).toBe(915401);
  });

  it('fails with every reason once all explorers failed', async () => {
    const { a, b } = explorers();
    upstream.set(a, { kind: 'text', body: 'down', status: 500 });
    upstream.set(b, { kind: 'text', body: 'not a number' });
    const failure = await fetchTipHeight(urls(a, b), 5_000).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(String((failure as Error).message)).toMatch(/answered 500.*non-height|non-height.*answered 500/);
  });

  it('gives up on all explorers together at the one deadline', async () => {
    const { a, b } = explorers();
    upstream.set(a, { kind: 'hang' });
    upstream.set(b, { kind: 'slow-body', body: '915402' });
    const started = performance.now();
    await expect(fetchTipHeight(urls(a, b), 1_500)).rejects.toBeInstanceOf(UpstreamError);
    // In turn it would take twice the timeout; together it is the timeout (+ 1 s of slack at most).
    expect(performance.now() - started).toBeLessThan(2_500);
    await abandoned(a);
    await abandoned(b);
  });
});
