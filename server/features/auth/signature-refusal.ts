import type { SignatureFormat } from '@shared/schemas/auth';
import type { SignatureCheck } from './wallet-signature.js';

const formatNames: Record<SignatureFormat, string> = {
  legacy: 'a legacy (BIP-137/Electrum) signature',
  'bip322-segwit': 'a BIP-322 signature of a 3… or bc1q… address',
  'bip322-taproot': 'a BIP-322 signature of a bc1p… (taproot) address',
  'bip322-script': 'a BIP-322 signature of a script (multisig) address',
};

function formatAdvice(walletAddress: string): string {
  if (walletAddress.startsWith('bc1p')) return 'A bc1p… address signs with BIP-322.';
  if (walletAddress.startsWith('1')) return 'A 1… address signs in the legacy format.';
  return 'Sign with this address in BIP-322 or the legacy format.';
}

/** The English words of a SIGNATURE_INVALID answer; the page says the same from `reason` in its language. */
export function invalidSignatureMessage(check: Extract<SignatureCheck, { outcome: 'invalid' }>, walletAddress: string): string {
  switch (check.reason) {
    case 'other-address': {
      const signer = check.signer ? ` (${check.signer})` : '';
      return `This signature was made with the key of another address${signer}. Sign the challenge with ${walletAddress}, exactly as shown.`;
    }
    case 'other-message':
      return 'This signature is for different text than the challenge. Copy the challenge exactly, with its line breaks, and sign it again.';
    case 'wrong-format':
      return `This is ${formatNames[check.signatureFormat ?? 'legacy']}, which ${walletAddress} cannot make. ${formatAdvice(walletAddress)}`;
    case 'not-verified':
      return 'The signature does not match this wallet and this challenge.';
  }
}
