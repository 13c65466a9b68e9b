import type { Sha256 } from '@shared/merkle';

/** Web Crypto exists only in secure contexts (HTTPS, localhost); elsewhere verifying is not possible. */
export function webCryptoSha256(): Sha256 | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  return async (data) => new Uint8Array(await subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}
