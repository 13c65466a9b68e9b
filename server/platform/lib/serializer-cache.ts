import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type Serializer = (doc: unknown) => string;

/** Compiled serializers by response schema object, then by the external schemas and options they were built with. */
const compiled = new WeakMap<object, Map<string, Serializer>>();

/**
 * Fastify's own serializer factory, remembering what it compiled for the life of the process. Compiling
 * every route's response schemas is most of an app's start (about 0.6 s on this machine); a process that
 * builds the app again — a test file, a restart in place — reuses them. The route schemas are module
 * constants, so their identity stands for their content.
 */
export function rememberingSerializerFactory() {
  const build = SerializerSelector();
  return (externalSchemas?: unknown, options?: Parameters<typeof build>[1]) => {
    const compile = build(externalSchemas, options);
    const context = JSON.stringify([externalSchemas ?? null, options ?? null]);
    return (route: Parameters<typeof compile>[0]): Serializer => {
      const schema = route.schema;
      if (schema === null || typeof schema !== 'object') return compile(route);
      let byContext = compiled.get(schema);
      if (!byContext) compiled.set(schema, (byContext = new Map()));
      let serializer = byContext.get(context);
      if (!serializer) byContext.set(context, (serializer = compile(route)));
      return serializer;
    };
  };
}
