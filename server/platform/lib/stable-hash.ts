/** FNV-1a: a small, stable, non-cryptographic hash, so the same input picks the same variant. */
export function stableHash(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619);
  return hash >>> 0;
}
