/** valid, invalid (a readable signature, but not by this wallet's key for this message), or malformed. */
export type SignatureCheck = 'valid' | 'invalid' | 'malformed';

const base64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The one place that knows the signature library (see docs/decisions.md): BIP-322 simple for
 * P2TR, P2WPKH and P2SH-P2WPKH, and the legacy "Bitcoin Signed Message" (BIP-137) for any of the
 * four kinds. The library throws on input it cannot parse; that is a malformed signature, not a wrong one.
 */
export async function verifyWalletSignature(walletAddress: string, message: string, signature: string): Promise<SignatureCheck> {
  if (!base64.test(signature)) return 'malformed';
  // The library and its curve code hold about 24 MB resident: imported with the first sign-in, not with
  // the server, as most processes of a busy day answer lookups and never check a signature.
  const { Verifier } = await import('bip322-js');
  try {
    return Verifier.verifySignature(walletAddress, message, signature) ? 'valid' : 'invalid';
  } catch {
    return 'malformed';
  }
}
