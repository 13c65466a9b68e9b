import Ajv, { type ErrorObject, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false };

// Query strings and path params arrive as text, so they are coerced ("20" -> 20); JSON bodies
// already carry types, and a number where a string belongs is refused rather than repaired.
const coercing = new Ajv({ ...shared, coerceTypes: 'array' });
const exact = new Ajv({ ...shared, coerceTypes: false });

/**
 * U+0000 dropped from every string of a body, query string or path (in place; iterative, as a body
 * may nest deeply). PostgreSQL cannot hold it in text and refuses any query that carries one, and
 * no field means anything by it; free text was already cleaned of control characters.
 */
function dropNul(data: unknown): unknown {
  if (typeof data === 'string') return data.replaceAll('\u0000', '');
  const pending: unknown[] = [data];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const value = record[key];
      if (typeof value === 'string') {
        if (value.includes('\u0000')) record[key] = value.replaceAll('\u0000', '');
      } else if (value !== null && typeof value === 'object') {
        pending.push(value);
      }
    }
  }
  return data;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const validate = (httpPart === 'body' ? exact : coercing).compile(schema as object);
  const check = (data: unknown) => {
    const value = dropNul(data);
    if (validate(value)) return { value };
    check.errors = validate.errors;
    return false;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
};
