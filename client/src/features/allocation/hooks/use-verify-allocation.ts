import { useMutation } from '@tanstack/react-query';
import { verifyAllocationLeaf } from '@shared/merkle';
import { toMicro } from '@shared/token-amount';
import { getAllocationProof } from '../api/get-allocation-proof';
import { getAllocationRoot } from '../api/get-allocation-root';
import type { FoundAllocation } from './use-allocation-lookup';
import { webCryptoSha256 } from '../web-crypto-sha256';

export type Verification = { outcome: 'match' | 'mismatch'; root: string | null } | { outcome: 'unsupported' };

/**
 * Recomputes the root from this wallet's proof in the browser and compares it with the root served on
 * its own. A match also needs the proof to be this wallet's and its leaves to add up to the total shown.
 */
export async function verifyAllocation(allocation: FoundAllocation): Promise<Verification> {
  const sha256 = webCryptoSha256();
  if (!sha256) return { outcome: 'unsupported' };
  const [proof, published] = await Promise.all([getAllocationProof(allocation.walletAddress), getAllocationRoot()]);
  const root = published.root;
  if (root === null || proof.walletAddress !== allocation.walletAddress) return { outcome: 'mismatch', root };

  const results = await Promise.all(
    proof.leaves.map((leaf) => verifyAllocationLeaf(sha256, { wallet: proof.walletAddress, ...leaf }, root)),
  );
  const provenTotal = proof.leaves.reduce((sum, leaf) => sum + BigInt(leaf.micro), 0n);
  const matches = results.every(Boolean) && provenTotal === toMicro(allocation.totalTokens);
  return { outcome: matches ? 'match' : 'mismatch', root };
}

export function useVerifyAllocation() {
  return useMutation({ mutationKey: ['allocation', 'verify'], mutationFn: verifyAllocation });
}
