import type { SignatureFormat } from '@shared/schemas/auth';

/**
 * What a base64 signature is, read from its bytes alone: a legacy 65-byte signature whose header says
 * which key it was made with (BIP-137 27–42; Electrum writes 31–34 for segwit addresses too), or a
 * BIP-322 simple witness stack. `null` when the bytes cannot be a signature at all.
 */
export type SignatureShape =
  | { format: 'legacy'; bytes: Buffer }
  | { format: 'bip322-segwit'; publicKey: Buffer }
  | { format: 'bip322-taproot' }
  | { format: 'bip322-script' };

const base64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A Bitcoin CompactSize at `offset`: [value, next offset], or null past the end. */
function readCompactSize(bytes: Buffer, offset: number): [number, number] | null {
  if (offset >= bytes.length) return null;
  const first = bytes[offset]!;
  if (first < 0xfd) return [first, offset + 1];
  if (first === 0xfd && offset + 3 <= bytes.length) return [bytes.readUInt16LE(offset + 1), offset + 3];
  if (first === 0xfe && offset + 5 <= bytes.length) return [bytes.readUInt32LE(offset + 1), offset + 5];
  return null;
}

/** A witness stack that uses every byte exactly, or null. */
function readWitness(bytes: Buffer): Buffer[] | null {
  const count = readCompactSize(bytes, 0);
  if (!count || count[0] === 0) return null;
  let offset = count[1];
  const items: Buffer[] = [];
  for (let index = 0; index < count[0]; index += 1) {
    const length = readCompactSize(bytes, offset);
    if (!length || length[1] + length[0] > bytes.length) return null;
    items.push(bytes.subarray(length[1], length[1] + length[0]));
    offset = length[1] + length[0];
  }
  return offset === bytes.length ? items : null;
}

const isCompressedKey = (item: Buffer) => item.length === 33 && (item[0] === 0x02 || item[0] === 0x03);
// A DER signature of 8–72 bytes and its one sighash byte.
const isEcdsaItem = (item: Buffer) => item.length >= 9 && item.length <= 73 && item[0] === 0x30;

export function signatureShape(signature: string): SignatureShape | null {
  if (!base64.test(signature)) return null;
  const bytes = Buffer.from(signature, 'base64');
  if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42) return { format: 'legacy', bytes };
  const witness = readWitness(bytes);
  if (!witness) return null;
  const [first, second] = witness;
  if (witness.length === 1) return first!.length === 64 || first!.length === 65 ? { format: 'bip322-taproot' } : null;
  if (witness.length === 2 && isEcdsaItem(first!) && isCompressedKey(second!)) {
    return { format: 'bip322-segwit', publicKey: second! };
  }
  // A longer stack is a script spend (multisig, tapscript): a signature, but not one a single key makes.
  return { format: 'bip322-script' };
}

/** The formats each address kind can sign with; anything else is answered `wrong-format`. */
export const formatsByKind: Record<'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2tr', readonly SignatureFormat[]> = {
  p2pkh: ['legacy'],
  'p2sh-p2wpkh': ['legacy', 'bip322-segwit'],
  p2wpkh: ['legacy', 'bip322-segwit'],
  p2tr: ['bip322-taproot'],
};
