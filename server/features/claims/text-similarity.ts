import { createHash } from 'node:crypto';

/**
 * Near-duplicate detection on normalized post text (see post-text.ts): two texts are the same post
 * when the Jaccard similarity of their character-trigram sets reaches `duplicateThreshold`. To find
 * candidates among every earlier claim without reading them all, each text is summarised by a
 * MinHash signature cut into LSH bands; texts sharing any band key are candidates, and only those
 * are compared exactly. With `bands` x `rows` = 20 x 6 a pair at similarity 0.85 shares a band with
 * probability 1 - (1 - 0.85^6)^20 > 0.9999, a pair at 0.3 with about 0.015.
 */
export const duplicateThreshold = 0.85;
export const bands = 20;
export const rows = 6;

/** Character trigrams, counted by code point so a Chinese character or an accented letter is one. */
export function trigrams(text: string): Set<string> {
  const chars = [...text];
  if (chars.length < 3) return new Set(chars.length ? [text] : []);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  return grams;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const gram of small) if (large.has(gram)) shared++;
  return shared / (a.size + b.size - shared);
}

export const textSimilarity = (a: string, b: string): number => jaccard(trigrams(a), trigrams(b));

/** MurmurHash3's 32-bit finaliser: spreads every input bit over the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a over UTF-16 units, then mixed: a gram's 32-bit identity. */
function gramHash(gram: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < gram.length; i++) h = Math.imul(h ^ gram.charCodeAt(i), 0x01000193);
  return mix(h);
}

// One salt per MinHash function; fixed for ever, since stored band keys are computed with them.
const salts = Array.from({ length: bands * rows }, (_, i) => mix(0x9e3779b9 + Math.imul(i + 1, 0x7f4a7c15)));

function signature(grams: ReadonlySet<string>): Uint32Array {
  const minimums = new Uint32Array(salts.length).fill(0xffffffff);
  for (const gram of grams) {
    const h = gramHash(gram);
    for (let i = 0; i < salts.length; i++) {
      const value = mix(h ^ salts[i]!);
      if (value < minimums[i]!) minimums[i] = value;
    }
  }
  return minimums;
}

/** One key per band, `band.hash` (e.g. `7.1f3a09c2d4b5e6f0`): equal keys mean an equal band. */
export function bandKeys(text: string): string[] {
  const minimums = signature(trigrams(text));
  return Array.from({ length: bands }, (_, band) => {
    let low = 0x811c9dc5;
    let high = 0x01000193 ^ band;
    for (let row = 0; row < rows; row++) {
      const value = minimums[band * rows + row]!;
      low = mix(low ^ value);
      high = mix(high + Math.imul(value, 0x27d4eb2d));
    }
    return `${band}.${low.toString(16).padStart(8, '0')}${high.toString(16).padStart(8, '0')}`;
  });
}

/** The exact-copy key of a normalized text. */
export const textHash = (text: string): string => createHash('sha256').update(text).digest('hex');
