import fc from 'fast-check';

const percent = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * Percent-encodes any JS string, lone surrogates included (encodeURIComponent throws on those):
 * a lone surrogate goes out as its three WTF-8 bytes, which are not valid UTF-8.
 */
export function encodeComponent(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map(percent).join('');
    } else {
      out += encodeURIComponent(char);
    }
  }
  return out;
}

/** Raw URL pieces that are not what any encoder would write: bad escapes, overlong and invalid UTF-8, separators. */
export const rawUrlPieces = [
  '%',
  '%%',
  '%zz',
  '%0',
  '%00',
  '%FF',
  '%C0%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%E2%80%AE',
  '%2F',
  '%2e%2e',
  '..',
  '.',
  '%20',
  '+',
  '%2B',
  '&',
  '=',
  ';',
  '#',
  '%23',
  '%3F',
] as const;

export const rawUrlPiece = fc.array(fc.constantFrom(...rawUrlPieces), { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join(''));

/** How a value becomes text in a query string or a path (objects as JSON, as a careless client would). */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    try {
      return JSON.stringify(value).slice(0, 5_000);
    } catch {
      return '[object]';
    }
  }
  return String(value);
}

/** `key=value` pairs; arrays repeat the key, objects use bracket keys (`a[b]=c`) as qs-style parsers read them. */
export function queryString(entries: ReadonlyArray<readonly [string, unknown]>, rawTail: string): string {
  const pairs: string[] = [];
  for (const [key, value] of entries) {
    if (Array.isArray(value)) {
      for (const item of value.slice(0, 5)) pairs.push(`${encodeComponent(key)}=${encodeComponent(asText(item))}`);
    } else if (value !== null && typeof value === 'object' && Object.keys(value).length > 0 && Object.keys(value).length < 4) {
      for (const [sub, item] of Object.entries(value)) pairs.push(`${encodeComponent(`${key}[${sub}]`)}=${encodeComponent(asText(item))}`);
    } else {
      pairs.push(`${encodeComponent(key)}=${encodeComponent(asText(value))}`);
    }
  }
  if (rawTail) pairs.push(rawTail);
  return pairs.join('&');
}
