import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRequest } from '@client/lib/api-client';
import { ApiError, isApiError } from '@client/lib/api-error';

/** A real server on 127.0.0.1 answering each path with a fixed status, content type and body. */
const answers: Record<string, [number, string, string]> = {
  '/json-error': [429, 'application/json', '{"error":"TWEET_COOLDOWN_ACTIVE","message":"Wait 2h 5m.","remainingHours":2,"remainingMinutes":5}'],
  '/unknown-code': [418, 'application/json', '{"error":"TEAPOT","message":"I am a teapot"}'],
  '/html-error': [502, 'text/html', '<html><body>Bad gateway</body></html>'],
  '/empty-error': [500, 'text/plain', ''],
  '/ok': [200, 'application/json', '{"ok":true}'],
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const [status, type, body] = answers[request.url ?? ''] ?? [404, 'text/plain', 'no'];
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(url: string): Promise<ApiError> {
  const error = await apiRequest('GET', url).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('ApiError from apiRequest', () => {
  it('reads the code, message and details of a JSON error body', async () => {
    const error = await failure(`${base}/json-error`);
    expect(error.status).toBe(429);
    expect(error.code).toBe('TWEET_COOLDOWN_ACTIVE');
    expect(error.message).toBe('Wait 2h 5m.');
    expect(error.details).toEqual({ remainingHours: 2, remainingMinutes: 5 });
    expect(isApiError(error, 'TWEET_COOLDOWN_ACTIVE')).toBe(true);
    expect(isApiError(error, 'MINING_CLOSED')).toBe(false);
  });

  it('keeps the status but no code for a code this client does not know', async () => {
    const error = await failure(`${base}/unknown-code`);
    expect([error.status, error.code]).toEqual([418, null]);
  });

  it('keeps only the status for a body that is not JSON, or none', async () => {
    for (const path of ['/html-error', '/empty-error']) {
      const error = await failure(`${base}${path}`);
      expect(error.code).toBeNull();
      expect(error.message).toBe('');
      expect(error.status).toBe(path === '/html-error' ? 502 : 500);
    }
  });

  it('has no status when no answer arrived at all', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(`http://127.0.0.1:${port}/ok`);
    expect([error.status, error.code]).toEqual([null, null]);
  });

  it('answers 2xx normally', async () => {
    expect(await (await apiRequest('GET', `${base}/ok`)).json()).toEqual({ ok: true });
  });
});
