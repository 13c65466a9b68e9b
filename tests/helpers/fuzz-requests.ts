import fc from 'fast-check';
import { asText, encodeComponent, queryString, rawUrlPiece } from './fuzz-encoding.js';
import { deepJsonText, deepNesting, hostileString, wrongValue } from './fuzz-hostile.js';
import { type MultipartShape, multipartArbitrary, strictMultipartArbitrary } from './fuzz-multipart.js';
import { type JsonSchema, type KnownValues, objectFor, valueFor } from './fuzz-schema.js';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One route as the fuzzer sees it: where its inputs go and what they look like. */
export interface FuzzRoute {
  /** "METHOD /path/{param}", as the document names it. */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: JsonSchema | null;
  body: JsonSchema | null;
  multipart: MultipartShape | null;
  /** The document describes a multipart/form-data body (no schema: the route reads the parts itself). */
  describesMultipart: boolean;
}

export const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation in the document, with its inputs; `multipart` gives the parts of the routes that read a form. */
export function routesFromDocument(doc: OpenApiDocument, multipart: Record<string, MultipartShape>): FuzzRoute[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([lower, operation]) => {
      const method = lower.toUpperCase();
      const key = `${method} ${path}`;
      const parameters = operation.parameters ?? [];
      const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
      return {
        key,
        method,
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query:
          queryParameters.length === 0
            ? null
            : {
                type: 'object',
                properties: Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameter.schema])),
                required: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
              },
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        multipart: multipart[key] ?? null,
        describesMultipart: /multipart\/form-data/.test(operation.description ?? ''),
      };
    }),
  );
}

export type Caller = 'anonymous' | 'member' | 'forged';
export type OriginKind = 'own' | 'none' | 'foreign' | 'null';

export interface FuzzRequest {
  caller: Caller;
  origin: OriginKind;
  method: string;
  url: string;
  contentType: string | null;
  payload: string | Buffer | null;
}

const rawJsonBodies = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '0',
  '"\\ud800"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{"userId":1e400}',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\u0000"}',
] as const;

/** A body: mostly JSON for the schema, else the wrong kind of JSON, broken JSON, other content types or an oversized one. */
function bodyArbitrary(schema: JsonSchema, known: KnownValues): fc.Arbitrary<{ contentType: string | null; payload: string | null }> {
  const json = (payload: string) => ({ contentType: 'application/json', payload });
  return fc.oneof(
    { arbitrary: objectFor(schema, known).map((value) => json(JSON.stringify(value))), weight: 12 },
    { arbitrary: fc.oneof(wrongValue, deepNesting).map((value) => json(JSON.stringify(value) ?? 'null')), weight: 2 },
    { arbitrary: fc.constantFrom(...rawJsonBodies).map(json), weight: 2 },
    { arbitrary: deepJsonText.map(json), weight: 1 },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/xml',
          'multipart/form-data',
          'application/json, text/plain',
        ),
        payload: objectFor(schema, known).map((value) => JSON.stringify(value)),
      }),
      weight: 1,
    },
    { arbitrary: objectFor(schema, known).map((value) => ({ contentType: null, payload: JSON.stringify(value) })), weight: 1 },
    { arbitrary: fc.constant(json(`{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`)), weight: 1 },
  );
}

const noBody = fc.constant({ contentType: null, payload: null });

function pathArbitrary(route: FuzzRoute, known: KnownValues, strict: boolean): fc.Arbitrary<string> {
  const segments = route.pathParams.map((parameter) =>
    strict ? valueFor(parameter.schema, parameter.name, known, true).map((value) => encodeComponent(asText(value))) : fc.oneof(
      { arbitrary: valueFor(parameter.schema, parameter.name, known).map((value) => encodeComponent(asText(value))), weight: 8 },
      { arbitrary: rawUrlPiece, weight: 1 },
      { arbitrary: fc.constant(''), weight: 1 },
    ),
  );
  return fc.tuple(...segments).map((values) => {
    let path = route.path;
    route.pathParams.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, values[index]!);
    });
    return path;
  });
}

function queryArbitrary(route: FuzzRoute, known: KnownValues, strict: boolean): fc.Arbitrary<string> {
  const tail = strict ? fc.constant('') : fc.oneof(
    { arbitrary: fc.constant(''), weight: 6 },
    { arbitrary: rawUrlPiece, weight: 1 },
    { arbitrary: fc.constantFrom('__proto__=x', 'constructor[prototype][polluted]=1', '__proto__[polluted]=1', 'a[][][][][]=1'), weight: 1 },
    { arbitrary: hostileString.map((text) => `${encodeComponent(text)}=${encodeComponent(text)}`), weight: 1 },
  );
  const entries = route.query ? objectFor(route.query, known, strict).map((query) => Object.entries(query)) : fc.constant([]);
  return fc.tuple(entries, tail).map(([pairs, rawTail]) => queryString(pairs, rawTail));
}

/**
 * Requests for one route: half of them anything (hostile values in and out of the schema, broken
 * bodies, other methods, callers and origins), half a member's well-formed call whose values are
 * known or hostile but inside the schema, so they reach the route's own code.
 */
export function requestArbitrary(route: FuzzRoute, known: KnownValues, files: Buffer[]): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(looseRequest(route, known, files), strictRequest(route, known, files));
}

function strictRequest(route: FuzzRoute, known: KnownValues, files: Buffer[]): fc.Arbitrary<FuzzRequest> {
  const body = route.multipart
    ? strictMultipartArbitrary(route.multipart, files, known).map(({ payload, headers }) => ({ contentType: headers['content-type'], payload }))
    : route.body
      ? objectFor(route.body, known, true).map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) }))
      : noBody;
  return fc
    .record({
      origin: fc.constantFrom<OriginKind>('own', 'none'),
      path: pathArbitrary(route, known, true),
      query: queryArbitrary(route, known, true),
      body,
    })
    .map(({ origin, path, query, body: { contentType, payload } }) => ({
      caller: 'member' as const,
      origin,
      method: route.method,
      url: query ? `${path}?${query}` : path,
      contentType,
      payload,
    }));
}

function looseRequest(route: FuzzRoute, known: KnownValues, files: Buffer[]): fc.Arbitrary<FuzzRequest> {
  const mutating = mutatingMethods.has(route.method);
  const body = route.multipart
    ? fc.oneof({ arbitrary: multipartArbitrary(route.multipart, files, known).map(({ payload, headers }) => ({ contentType: headers['content-type'], payload })), weight: 8 }, {
        arbitrary: bodyArbitrary({ type: 'object' }, known),
        weight: 1,
      }, { arbitrary: noBody, weight: 1 })
    : route.body
      ? bodyArbitrary(route.body, known)
      : mutating
        ? fc.oneof({ arbitrary: noBody, weight: 4 }, { arbitrary: bodyArbitrary({ type: 'object' }, known), weight: 1 })
        : noBody;
  return fc
    .record({
      caller: fc.constantFrom<Caller>('member', 'member', 'anonymous', 'forged'),
      // Now and then a method the route does not have.
      method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 15 }, { arbitrary: fc.constantFrom('PUT', 'PATCH', 'OPTIONS', route.method === 'GET' ? 'HEAD' : 'DELETE'), weight: 1 }),
      origin: fc.constantFrom<OriginKind>('own', 'own', 'own', 'own', 'own', 'own', 'none', 'none', 'foreign', 'null'),
      path: pathArbitrary(route, known, false),
      query: queryArbitrary(route, known, false),
      body,
    })
    .map(({ caller, method, origin, path, query, body: { contentType, payload } }) => ({
      caller,
      origin,
      method,
      url: query ? `${path}?${query}` : path,
      contentType,
      payload,
    }));
}
