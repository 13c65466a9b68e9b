import Ajv, { type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false };

// Query strings and path params arrive as text, so they are coerced ("20" -> 20); JSON bodies
// already carry types, and a number where a string belongs is refused rather than repaired.
const coercing = new Ajv({ ...shared, coerceTypes: 'array' });
const exact = new Ajv({ ...shared, coerceTypes: false });

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? exact : coercing;
  return ajv.compile(schema as object);
};
