import { Verifier } from 'bip322-js';

/** valid, invalid (a readable signature, but not by this wallet's key for this message), or malformed. */
export type SignatureCheck = 'valid' | 'invalid' | 'malformed';

const base64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The one place that knows the signature library (see docs/decisions.md): BIP-322 simple for
 * P2TR, P2WPKH and P2SH-P2WPKH, and the legacy "Bitcoin Signed Message" (BIP-137) for any of the
 * four kinds. The library throws on input it cannot parse; that is a malformed signature, not a wrong one.
 */
export function verifyWalletSignature(walletAddress: string, message: string, signature: string): SignatureCheck {
  if (!base64.test(signature)) return 'malformed';
  try {
    return Verifier.verifySignature(walletAddress, message, signature) ? 'valid' : 'invalid';
  } catch {
    return 'malformed';
  }
}
