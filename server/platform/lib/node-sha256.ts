import { hash } from 'node:crypto';
import type { Sha256 } from '@shared/merkle';

/**
 * node:crypto's one-shot SHA-256, synchronous: a million leaves and nodes hash in seconds, where an
 * awaited crypto.subtle call per node would take many times longer.
 */
export const nodeSha256 = ((data: Uint8Array): Uint8Array => hash('sha256', data, 'buffer')) satisfies Sha256;
