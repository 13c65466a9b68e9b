import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodes } from '../../shared/error-codes.js';
import type { App } from '../../server/app.js';
import { useSharedApp } from '../helpers/build-app.js';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  openapi: string;
  tags: { name: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const errorRef = '#/components/schemas/ErrorResponse';
const docsRoutes = (path: string) => path === '/api/openapi.json' || path === '/api/docs' || path.startsWith('/api/docs/');
/** `/api/user/:id` (router), `/api/user/{id}` (document) and a trailing slash all compare as `/api/user/{}`. */
const samePath = (path: string) => path.replace(/:\w+(\|:\w+)*/g, '{}').replace(/\{\w+\}/g, '{}').replace(/(.)\/$/, '$1');

/**
 * Every route the router holds, read from its own listing (not from the document's plugin), as
 * "METHOD path". A line is `├── segment (GET, HEAD)` indented four characters per level.
 */
function registeredApiRoutes(app: App): string[] {
  const found = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    for (const method of match[3]?.split(', ') ?? []) {
      if (method !== 'HEAD' && path.startsWith('/api/') && !docsRoutes(path)) found.add(`${method} ${samePath(path)}`);
    }
  }
  return [...found].sort();
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${samePath(path)}`, operation })),
  );
const refOf = (operation: Operation, status: string) => operation.responses[status]?.content?.['application/json']?.schema?.$ref;

// The simulated X adds routes outside /api: they must stay out of the document.
const ctx = useSharedApp({ X_SIMULATED: 'true' });
let doc: Document;

beforeAll(async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('lists exactly the /api routes the router has, and nothing outside /api', () => {
    const registered = registeredApiRoutes(ctx.app);
    expect(registered.length).toBeGreaterThan(30);
    expect(registered).toContain('GET /api/allocation/proof');
    expect(registered).toContain('GET /api/user/{}/twitter');
    expect(operations(doc).map(({ key }) => key).sort()).toEqual(registered);
  });

  it('gives every operation a summary and a declared tag', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name));
    const described = ({ summary, tags }: Operation) =>
      Boolean(summary?.trim()) && Boolean(tags?.length) && tags!.every((tag) => declared.has(tag));
    const undocumented = operations(doc).filter(({ operation }) => !described(operation));
    expect(undocumented.map(({ key }) => key)).toEqual([]);
  });

  it('names the ErrorResponse schema for the failures every route can have', () => {
    const missing: string[] = [];
    for (const { key, operation } of operations(doc)) {
      const expected = ['500', '503'];
      if (operation.parameters?.length || operation.requestBody) expected.push('400');
      if (key.startsWith('POST ') || key.startsWith('DELETE ')) expected.push('403');
      for (const status of expected) if (refOf(operation, status) !== errorRef) missing.push(`${key} ${status}`);
      // No error body is written inline: each one names its schema.
      for (const status of Object.keys(operation.responses).filter((code) => Number(code) >= 400)) {
        if (!refOf(operation, status)?.startsWith('#/components/schemas/')) missing.push(`${key} ${status} inline`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("keeps each route's own failures: sign-in, not found, rate limits", () => {
    const byKey = new Map(operations(doc).map(({ key, operation }) => [key, operation]));
    const expectations: [string, string][] = [
      ['GET /api/tokens/my-allocation', '401'],
      ['GET /api/tokens/my-allocation', '404'],
      ['GET /api/allocation/proof', '404'],
      ['POST /api/auth/challenge', '429'],
      ['GET /api/memes/templates/{}/artwork.png', '404'],
      ['DELETE /api/auth/sessions/{}', '404'],
    ];
    for (const [key, status] of expectations) expect(refOf(byKey.get(key)!, status), `${key} ${status}`).toBe(errorRef);
    expect(byKey.get('GET /api/tokens/my-allocation')!.security).toEqual([{ session: [] }]);
    expect(byKey.get('GET /api/config')!.security).toBeUndefined();
    // Sign-in answers 401 for a bad signature, but needs no session.
    expect(byKey.get('POST /api/auth/verify')!.security).toEqual([]);
    // A shared meme's page is public.
    expect(byKey.get('GET /api/memes/share/{}')!.security).toBeUndefined();
  });

  it('declares a session for exactly the GET routes that answer 401 without one', async () => {
    const samples: Record<string, string> = { trackingCode: 'abcdefghijkl', handle: '0123456789abcdef' };
    const sample = (name: string, schema: { type?: string; minimum?: number }) =>
      samples[name] ?? (schema.type === 'integer' ? String(schema.minimum ?? 1) : 'x');
    const mismatched: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const operation = methods.get;
      if (!operation) continue;
      const parameters = (operation.parameters ?? []) as { in: string; name: string; required?: boolean; schema: object }[];
      let url = path;
      const query = new URLSearchParams();
      for (const parameter of parameters) {
        if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, sample(parameter.name, parameter.schema));
        else if (parameter.required) query.set(parameter.name, sample(parameter.name, parameter.schema));
      }
      const response = await ctx.app.inject({ method: 'GET', url: query.size ? `${url}?${query}` : url });
      const declared = operation.security?.length ? 'session' : 'public';
      const answered = response.statusCode === 401 ? 'session' : 'public';
      if (declared !== answered) mismatched.push(`GET ${path}: declared ${declared}, answered ${response.statusCode}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('names every error code in the ErrorResponse schema', () => {
    const codes = JSON.stringify(doc.components.schemas.ErrorResponse!.properties!.error).match(/"[A-Z][A-Z0-9_]+"/g);
    expect(new Set(codes?.map((code) => code.slice(1, -1)))).toEqual(new Set(errorCodes));
  });
});

describe('GET /api/docs', () => {
  it('answers a page whose scripts all come from this site, under the global CSP', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((tag) => tag[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/src="\/api\/docs\/static\/[\w.-]+\.js"/);

    for (const src of scripts.map((attributes) => /src="([^"]+)"/.exec(attributes)![1]!)) {
      const asset = await ctx.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.headers['content-type'], src).toMatch(/javascript/);
    }
  });
});
