import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { brand } from '@shared/brand';
import { VerifyRefusedSchema } from '@shared/schemas/auth';
import { ErrorResponseSchema } from '@shared/schemas/errors';
import { CooldownErrorSchema } from '@shared/schemas/tweets';
import { sessionCookieName } from '../public-paths.js';

export const openapiDocumentPath = '/api/openapi.json';
export const apiDocsPrefix = '/api/docs';

/** The tags the route schemas use, in the order the docs page lists them. */
export const apiTags = [
  { name: 'Config', description: 'Runtime facts a page needs: mining phase, X mode, links, demo data.' },
  { name: 'Auth', description: 'Wallet sign-in (signed challenge or plain login), sessions, logout.' },
  { name: 'Users', description: "The signed-in user's own data." },
  { name: 'Allocation', description: "Allocation lookup, the list's statistics and top holders, and the Merkle root and proofs anyone can verify." },
  { name: 'Tokens', description: 'Points allocations and token statistics.' },
  { name: 'Chain', description: 'Block height, marketplace and staking figures (cached upstream data).' },
  { name: 'X', description: 'Linking an X account and its verification.' },
  { name: 'Tweets', description: 'Social mining: generated tweet text, claims, cooldown.' },
  { name: 'Mining', description: "The miners' leaderboard and activity statistics." },
  { name: 'Memes', description: 'Meme templates, generation, claims and shared memes.' },
  { name: 'Uploads', description: 'Image uploads for memes (multipart/form-data).' },
  { name: 'Admin', description: 'The operator console: roles, the audit log, disputes, blocking (a signed-in wallet with a role).' },
];

// Error bodies are documented once, by name, instead of inlined in every response.
const namedSchemas = { ErrorResponse: ErrorResponseSchema, CooldownError: CooldownErrorSchema, VerifyRefused: VerifyRefusedSchema };
// A route may add a `description` to a shared error body; the shape without it is what is matched.
const shapeOf = ({ description: _description, ...schema }: object & { description?: unknown }) => JSON.stringify(schema);
const namesByShape = new Map(Object.entries(namedSchemas).map(([name, schema]) => [shapeOf(schema), name]));

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const failureDescriptions: Record<string, string> = {
  400: 'The input does not match the schema (VALIDATION_ERROR) or breaks a rule (the code says which).',
  401: 'Not signed in, or the session has ended (UNAUTHENTICATED).',
  403: 'Not allowed: another account, a blocked account, or a request from another site (BAD_ORIGIN).',
  404: 'Not found (the code names what).',
  409: 'Conflicts with the current state (the code says how).',
  413: 'The body or file is too large.',
  429: 'Too many requests (RATE_LIMITED) or a cooldown is running.',
  500: 'Something failed on the server (INTERNAL_ERROR); details stay in the log.',
  502: 'An outside service (X, explorer, marketplace, generator) answered badly.',
  503: 'The server is too busy (SERVER_BUSY), or an outside service or the database is unavailable or not configured; Retry-After says when to try again.',
  507: 'No room left to store the upload.',
};
const describeFailure = (status: string) => failureDescriptions[status] ?? `Failure (${status}).`;
const errorRef = (status: string) => ({ $ref: 'ErrorResponse#', description: describeFailure(status) });

/**
 * What every route can answer whatever its own rules, because of app-wide plugins: the validator
 * (400 for any declared input), the Origin check (403 on state-changing methods), the error
 * handler (500) and load shedding (503). Added to the document only; the routes' own entries win.
 */
function appWideFailures(method: string, schema: FastifySchema): Record<string, unknown> {
  const hasInput = Boolean(schema.params || schema.querystring || schema.body);
  return {
    ...(hasInput ? { 400: errorRef('400') } : {}),
    ...(unsafeMethods.has(method) ? { 403: errorRef('403') } : {}),
    500: errorRef('500'),
    503: errorRef('503'),
  };
}

/** A route's responses with the shared error bodies replaced by references to their component. */
function namedResponses(response: unknown): Record<string, unknown> {
  const entries = Object.entries((response ?? {}) as Record<string, { description?: string }>);
  return Object.fromEntries(
    entries.map(([status, body]) => {
      const name = namesByShape.get(shapeOf(body));
      return [status, name ? { $ref: `${name}#`, description: body.description ?? describeFailure(status) } : body];
    }),
  );
}

/**
 * The OpenAPI 3.1 document of every `/api` route, built from the routes' TypeBox schemas, at
 * /api/openapi.json, and a Swagger UI page at /api/docs served from the package's own files
 * (no CDN: the global CSP allows only same-origin scripts, and the page has no inline script).
 * Registered before the routes: the document collects them as they are added.
 */
export default fp(
  async (app) => {
    for (const [name, schema] of Object.entries(namedSchemas)) app.addSchema({ ...schema, $id: name });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${brand.productName} API`,
          version: '1',
          description:
            'Every failing call answers `{ error, message }` with a code from the ErrorResponse schema. ' +
            'State-changing calls from a browser must come from this site (Origin check).',
        },
        tags: apiTags,
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName } },
        },
      },
      // Components keep their names (ErrorResponse) instead of def-0, def-1.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
      transform: ({ schema, url, route }) => {
        // Pages, files, /healthz, /readyz and the simulated X are not the integrators' API.
        if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
        const method = String(route.method);
        const response = { ...appWideFailures(method, schema ?? {}), ...namedResponses(schema?.response) };
        // A 401 means "sign in first" unless the route says otherwise (`security: []` on sign-in itself).
        const security = schema?.security ?? ('401' in response ? [{ session: [] }] : undefined);
        // A feature's '/' route answers with and without the slash; the document names the bare prefix.
        const path = url.replace(/(.)\/$/, '$1');
        return { schema: { ...schema, response, ...(security ? { security } : {}) }, url: path };
      },
    });

    await app.register(swaggerUi, {
      routePrefix: apiDocsPrefix,
      // BaseLayout: no top bar offering to load another site's document.
      uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
      theme: { title: `${brand.productName} API` },
    });

    app.get(openapiDocumentPath, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger();
    });
  },
  { name: 'openapi' },
);
