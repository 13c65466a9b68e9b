import * as ecc from '@bitcoinerlab/secp256k1';
import { Address, Signer } from 'bip322-js';
import * as bitcoinMessage from 'bitcoinjs-message';
import { ECPairFactory } from 'ecpair';

/**
 * Wallets made of freshly generated keys, signing the way browser wallets do: BIP-322 simple for
 * bc1p/bc1q/3 addresses and the legacy "Bitcoin Signed Message" (BIP-137) for 1 addresses.
 * Node-only; a browser test exposes `sign` to the page as its stand-in wallet provider.
 */
export const addressKinds = ['p2tr', 'p2wpkh', 'p2sh-p2wpkh', 'p2pkh'] as const;
export type AddressKind = (typeof addressKinds)[number];

export interface TestWallet {
  kind: AddressKind;
  /** Mainnet address of the key, as the join form accepts it. */
  address: string;
  /** Compressed public key, hex. */
  publicKey: string;
  /** Base64 signature as a wallet returns it (BIP-322 simple, or BIP-137 for P2PKH). */
  sign(message: string): string;
  /** Base64 legacy "Bitcoin Signed Message" (BIP-137), as older wallets sign 3… and bc1q… addresses. */
  signLegacy(message: string): string;
  /** Base64 legacy signature with the compressed-P2PKH header for any kind, as Electrum and Sparrow sign segwit addresses. */
  signElectrum(message: string): string;
}

const ecpair = ECPairFactory(ecc);

const legacySegwitType: Record<AddressKind, 'p2wpkh' | 'p2sh(p2wpkh)' | undefined> = {
  p2tr: undefined,
  p2wpkh: 'p2wpkh',
  'p2sh-p2wpkh': 'p2sh(p2wpkh)',
  p2pkh: undefined,
};

export function createTestWallet(kind: AddressKind): TestWallet {
  const key = ecpair.makeRandom();
  const publicKey = Buffer.from(key.publicKey);
  const privateKey = Buffer.from(key.privateKey!);
  const address = Address.convertPubKeyIntoAddress(publicKey, kind).mainnet;
  const wif = key.toWIF();
  return {
    kind,
    address,
    publicKey: publicKey.toString('hex'),
    sign: (message) => Signer.sign(wif, address, message).toString(),
    signLegacy: (message) => {
      const segwitType = legacySegwitType[kind];
      return bitcoinMessage
        .sign(message, privateKey, true, segwitType ? { segwitType } : undefined)
        .toString('base64');
    },
    signElectrum: (message) => bitcoinMessage.sign(message, privateKey, true).toString('base64'),
  };
}
