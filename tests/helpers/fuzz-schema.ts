import fc from 'fast-check';
import { hostileNumbers, hostileString, longString, pollutedObject, pollutionKeys, wrongValue } from './fuzz-hostile.js';

/** The part of JSON Schema the routes' TypeBox schemas use, as the OpenAPI document shows them. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

/** Values the running app knows (its user's id, wallet, meme codes…) by field name, so requests reach past the first check. */
export type KnownValues = (field: string) => readonly unknown[];

const shortText = fc.string({ maxLength: 30 });

/** Text inside the schema's length bounds, often hostile: a hostile piece cut at maxLength may leave a lone surrogate. */
function fittingString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 400;
  const fit = (text: string) => (text.length >= min ? text : text.padEnd(min, '\u200B')).slice(0, max);
  const options: fc.Arbitrary<string>[] = [hostileString.map(fit), shortText.map(fit), longString.map(fit)];
  if (schema.pattern) options.push(fc.stringMatching(new RegExp(schema.pattern)));
  return fc.oneof(...options);
}

function fittingInteger(schema: JsonSchema, strict: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -(2 ** 31);
  const max = schema.maximum ?? 2 ** 40;
  if (strict) return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
  return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, min - 1, max + 1), fc.constantFrom(...hostileNumbers));
}

/**
 * A value of the schema's own type: strings hostile, numbers at their bounds. `strict` keeps the
 * value inside the schema (hostile content, valid shape), so the request reaches the route's own code.
 */
function fitting(schema: JsonSchema, field: string, known: KnownValues, strict = false): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fitting(option, field, known, strict)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return strict ? fittingString(schema) : fc.oneof(fittingString(schema), longString);
    case 'integer':
    case 'number':
      return fittingInteger(schema, strict);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? valueFor(schema.items, field, known) : wrongValue, { maxLength: 4 });
    case 'object':
      return objectFor(schema, known, strict);
    default:
      return wrongValue;
  }
}

/** Mostly a fitting value, often a known one, sometimes (unless `strict`) anything at all. */
export function valueFor(schema: JsonSchema, field: string, known: KnownValues, strict = false): fc.Arbitrary<unknown> {
  const knownValues = known(field);
  if (strict) {
    return knownValues.length > 0
      ? fc.oneof({ arbitrary: fc.constantFrom(...knownValues), weight: 3 }, { arbitrary: fitting(schema, field, known, true), weight: 1 })
      : fitting(schema, field, known, true);
  }
  return fc.oneof(
    { arbitrary: fitting(schema, field, known), weight: 4 },
    { arbitrary: knownValues.length > 0 ? fc.constantFrom(...knownValues) : fitting(schema, field, known), weight: 3 },
    { arbitrary: wrongValue, weight: 1 },
  );
}

/**
 * An object for the schema: each property present or not, sometimes extra keys (prototype pollution
 * among them); `strict`: every required property, no extra key, each value inside its schema.
 */
export function objectFor(schema: JsonSchema, known: KnownValues, strict = false): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, property]) =>
    fc
      .tuple(fc.integer({ min: 0, max: 9 }), valueFor(property, name, known, strict))
      // Required fields are nearly always there (always when strict); optional ones half the time.
      .map(([roll, value]) => (roll < (required.has(name) ? (strict ? 10 : 9) : 5) ? ([name, value] as const) : null)),
  );
  const extras = strict ? fc.constant({}) : fc.oneof(
    { arbitrary: fc.constant({}), weight: 6 },
    { arbitrary: pollutedObject, weight: 2 },
    { arbitrary: fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...pollutionKeys)), wrongValue, { minKeys: 1, maxKeys: 3 }), weight: 1 },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([entries, extra]) => {
    const target: Record<string, unknown> = {};
    // defineProperty: a plain assignment to `__proto__` would set the prototype instead of sending the key.
    const put = (key: string, value: unknown) => Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    for (const entry of entries) if (entry) put(entry[0], entry[1]);
    for (const [key, value] of Object.entries(extra)) put(key, value);
    return target;
  });
}
