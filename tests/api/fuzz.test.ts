import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeComponent, rawUrlPiece } from '../helpers/fuzz-encoding.js';
import { hostileString } from '../helpers/fuzz-hostile.js';
import { requestArbitrary } from '../helpers/fuzz-requests.js';
import { describeExchange, problemsWith } from '../helpers/fuzz-checks.js';
import { multipartShapes, startFuzzTarget } from '../helpers/fuzz-target.js';

/**
 * Every /api route, read from the app's own OpenAPI document, gets requests generated from its
 * schema mixed with hostile values, as a member, anonymously and with a forged cookie, with and
 * without the right Origin. No answer may be a 5xx, and every error has the DESIGN.md format.
 * CI runs a fixed seed and a bounded count; FUZZ_RUNS runs longer, FUZZ_SEED tries other inputs.
 */
const defaultRuns = 60;
const defaultSeed = 20261123;
const runs = Number(process.env.FUZZ_RUNS ?? defaultRuns);
const seed = Number(process.env.FUZZ_SEED ?? defaultSeed);

const replay = (name: string) => `again: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project api tests/api/fuzz.test.ts -t '${name}'`;

const target = await startFuzzTarget();
/** Statuses seen per route, printed with FUZZ_STATS=1 to check the inputs get past the first checks. */
const seen = new Map<string, Map<string, number>>();
afterAll(async () => {
  if (process.env.FUZZ_STATS) {
    for (const [key, statuses] of seen) console.info(key.padEnd(48), [...statuses].sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => `${status}×${count}`).join(' '));
  }
  await target.close();
});

function count(key: string, response: { statusCode: number; body: string }) {
  const statuses = seen.get(key) ?? seen.set(key, new Map()).get(key)!;
  const code = response.statusCode >= 400 ? /"error":"(\w+)"/.exec(response.body)?.[1] : undefined;
  const outcome = code ? `${response.statusCode}:${code}` : String(response.statusCode);
  statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
}

console.info(`fuzz: seed ${seed}, ${runs} requests per route, ${target.routes.length} routes (FUZZ_SEED, FUZZ_RUNS to change)`);

describe('the fuzzed routes', () => {
  it('are every operation of the document, each multipart route with its parts', () => {
    expect(target.routes.length).toBeGreaterThan(30);
    const multipart = target.routes.filter((route) => route.describesMultipart).map((route) => route.key);
    expect(multipart.sort()).toEqual(Object.keys(multipartShapes).sort());
  });
});

describe.each(target.routes.map((route, index) => ({ route, index, key: route.key })))('$key', ({ route, index }) => {
  it('never answers a 5xx and answers every error as { error: CODE, message }', { timeout: 30_000 + runs * 500 }, async () => {
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, target.known, target.files), async (request) => {
        const response = await target.send(request);
        count(route.key, response);
        const problems = problemsWith(request, response);
        if (problems.length > 0) {
          throw new Error(`${problems.join('; ')}\n${describeExchange(request, response)}\n${target.lastErrors().join('\n')}\n${replay(route.key)}`);
        }
      }),
      // Each route its own seed, so one route's count does not shift another's inputs. No shrinking:
      // the app's state moves on between runs, so the first failure, printed whole, is the useful one.
      { seed: seed + index, numRuns: runs, endOnFailure: true },
    );
  });
});

describe('paths under /api that are no route', () => {
  const segment = fc.oneof(hostileString.map(encodeComponent), rawUrlPiece, fc.constantFrom('api', 'user', 'memes', '..', ''));
  // A first segment no route starts with (the router decodes it, so `%61uth` would be `auth`).
  const firstSegments = new Set([...target.routes.map((route) => route.path.split('/')[2]), 'openapi.json', 'docs']);
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const unknownPath = fc
    .record({ segments: fc.array(segment, { minLength: 1, maxLength: 4 }), method: fc.constantFrom('GET', 'POST', 'DELETE', 'PUT', 'PATCH') })
    .filter(({ segments }) => !firstSegments.has(decoded(segments[0]!)));

  it('answer a JSON error, never a 5xx or the app page', async () => {
    await fc.assert(
      fc.asyncProperty(unknownPath, async ({ segments, method }) => {
        const request = { caller: 'anonymous' as const, origin: 'own' as const, method, url: `/api/${segments.join('/')}`, contentType: null, payload: null };
        const response = await target.send(request);
        const problems = problemsWith(request, response);
        if (response.statusCode < 400) problems.push('an unknown path answered with success');
        if (problems.length > 0) throw new Error(`${problems.join('; ')}\n${describeExchange(request, response)}\n${replay('no route')}`);
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
  });
});
