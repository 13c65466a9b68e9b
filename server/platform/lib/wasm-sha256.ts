import { createSHA256 } from 'hash-wasm';

/**
 * A synchronous SHA-256 in WebAssembly (hash-wasm), for the import's million leaves and nodes: each
 * node:crypto call costs about 1.5 µs of binding overhead on a 65-byte input, hash-wasm's about 0.8 µs.
 * Takes strings too (hashed as UTF-8).
 */
export async function createWasmSha256(): Promise<(data: Uint8Array | string) => Uint8Array> {
  const hasher = await createSHA256();
  return (data) => hasher.init().update(data).digest('binary');
}
