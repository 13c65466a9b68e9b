import fc from 'fast-check';

/** Pieces that broke or could break text handling: control bytes, invisible and bidi marks, replacement patterns. */
export const hostileFragments = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '\uDBFF\uD800',
  '\u200B',
  '\u200D',
  '\u202E',
  '\u2060',
  '\u00AD',
  '\uFEFF',
  '\u200B\u200D\u202E\u2060\u00AD',
  '$`',
  '$&',
  "$'",
  '$$',
  '$1',
  '$<name>',
  '<script>alert(1)</script>',
  '"><img src=x>',
  '{{7*7}}',
  '${process}',
  '%00',
  '%s%n',
  '../../etc/passwd',
  '\r\nX-Injected: 1',
  '\\',
  '"',
  "'",
  '`',
  ' ',
  '',
  '\t\n',
  '🐿️',
  '👨‍👩‍👧‍👦',
  'e\u0301',
  '中文',
  'ﷺ',
  '\u0660\u0661',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '-0',
  '0x10',
  '1e309',
  '9007199254740993',
  '99999999999999999999999999',
  '1.5',
  '0',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
] as const;

/** Numbers at and past every limit a schema or a database column has. */
export const hostileNumbers = [
  0,
  -0,
  -1,
  1,
  0.5,
  -1.5,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53,
  2 ** 63,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e308,
] as const;

/** Strings mixing hostile pieces with ordinary text. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileFragments),
  fc.array(fc.oneof(fc.constantFrom(...hostileFragments), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)), maxLength: 4 }),
);

/** A string longer than a field allows, or very long outright (bodies stay under the 1 MB limit). */
export const longString: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom(...hostileFragments), fc.integer({ min: 201, max: 5_000 })).map(([piece, count]) => (piece || 'x').repeat(count)),
  fc.integer({ min: 10_000, max: 200_000 }).map((length) => 'A'.repeat(length)),
);

/** An object or array nested deeper than any real payload (kept small enough to stringify as a value). */
export const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 20, max: 300 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 'bottom';
    for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
    return value;
  });

/** Keys that reach Object.prototype when a handler merges or indexes carelessly. */
export const pollutionKeys = ['__proto__', 'constructor', 'prototype'] as const;

/** An object whose own keys include prototype-pollution keys (JSON.parse makes `__proto__` an own key). */
export const pollutedObject: fc.Arbitrary<Record<string, unknown>> = fc
  .array(fc.tuple(fc.constantFrom(...pollutionKeys), fc.oneof(fc.constant({ polluted: true }), fc.constant({ prototype: { polluted: true } }), hostileString)), {
    minLength: 1,
    maxLength: 3,
  })
  .map((entries) => {
    const target: Record<string, unknown> = {};
    for (const [key, value] of entries) Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    return target;
  });

/** Any JSON value of the wrong kind for its place. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(...hostileNumbers),
  hostileString,
  fc.array(fc.oneof(hostileString, fc.integer()), { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  pollutedObject,
  deepNesting,
);

/** JSON text nested far deeper than any parser's recursion would survive, written directly as text. */
export const deepJsonText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"__proto__":', '}']))
  .map(([depth, [open, close]]) => `${open.repeat(depth)}1${close.repeat(depth)}`)
  .filter((text) => text.length < 1024 * 1024);
