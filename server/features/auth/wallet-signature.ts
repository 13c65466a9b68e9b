import type { SignatureFormat, SignatureInvalidReason } from '@shared/schemas/auth';
import { formatsByKind, signatureShape } from './signature-shape.js';

/**
 * valid; malformed (the text cannot be a signature at all: not base64, or bytes of no signature's
 * length or layout); or invalid, a well-formed signature that does not prove this address signed this
 * message, with the reason where the signature tells it.
 */
export type SignatureCheck =
  | { outcome: 'valid' }
  | { outcome: 'malformed' }
  | { outcome: 'invalid'; reason: SignatureInvalidReason; signer?: string; signatureFormat?: SignatureFormat };

type AddressKind = keyof typeof formatsByKind;

function addressKind(address: string): AddressKind {
  if (address.startsWith('bc1p')) return 'p2tr';
  if (address.startsWith('bc1q')) return 'p2wpkh';
  return address.startsWith('3') ? 'p2sh-p2wpkh' : 'p2pkh';
}

/**
 * The challenge as copy and paste or a wallet's text box may have changed it: a signature over one of
 * these is by the right key over other text, which is worth saying; none of them is ever accepted.
 */
function alteredMessages(message: string): string[] {
  const variants = [message.replace(/\n/g, '\r\n'), message.trim(), `${message}\n`, message.replace(/\n+/g, ' ')];
  return [...new Set(variants)].filter((variant) => variant !== message);
}

/**
 * The one place that knows the signature library (see docs/decisions.md): BIP-322 simple for
 * P2TR, P2WPKH and P2SH-P2WPKH, and the legacy "Bitcoin Signed Message" (BIP-137, or Electrum's
 * headers) for P2PKH, P2SH-P2WPKH and P2WPKH. The signature's shape is read first, so a well-formed
 * signature of another kind of address is invalid (401) with a reason, never malformed (400).
 */
export async function verifyWalletSignature(walletAddress: string, message: string, signature: string): Promise<SignatureCheck> {
  const shape = signatureShape(signature);
  if (!shape) return { outcome: 'malformed' };
  // The library and its curve code hold about 24 MB resident: imported with the first sign-in, not with
  // the server, as most processes of a busy day answer lookups and never check a signature.
  const { Address, Verifier } = await import('bip322-js');
  const verifies = (text: string): boolean => {
    try {
      return Verifier.verifySignature(walletAddress, text, signature);
    } catch {
      return false;
    }
  };

  const kind = addressKind(walletAddress);
  const accepted = formatsByKind[kind].includes(shape.format);
  // Some wallets (OKX, UniSat with type "ecdsa") sign for a taproot address with its internal key in the
  // legacy format; the library checks that key's taproot address, so such a signature still proves it.
  if (!accepted && !(kind === 'p2tr' && shape.format === 'legacy')) {
    return { outcome: 'invalid', reason: 'wrong-format', signatureFormat: shape.format };
  }
  if (verifies(message)) return { outcome: 'valid' };
  if (!accepted) return { outcome: 'invalid', reason: 'wrong-format', signatureFormat: shape.format };

  if (shape.format === 'bip322-segwit') {
    // The witness names the key that signed: another address's key, or this key over other text.
    const signer = Address.convertPubKeyIntoAddress(shape.publicKey, kind === 'p2sh-p2wpkh' ? 'p2sh-p2wpkh' : 'p2wpkh').mainnet;
    if (signer !== walletAddress) return { outcome: 'invalid', reason: 'other-address', signer };
    return { outcome: 'invalid', reason: 'other-message' };
  }
  if (alteredMessages(message).some(verifies)) return { outcome: 'invalid', reason: 'other-message' };
  // A legacy signature always yields some key; when it is not this address's key, the signature was made
  // by another address (or over text we cannot guess). A taproot signature names no key at all.
  return { outcome: 'invalid', reason: shape.format === 'legacy' ? 'other-address' : 'not-verified' };
}
