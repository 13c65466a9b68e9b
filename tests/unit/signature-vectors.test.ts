import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyWalletSignature } from '../../server/features/auth/wallet-signature.js';

interface Vector {
  id: string;
  signer: string;
  addressKind: 'p2pkh' | 'p2sh-p2wpkh' | 'p2wpkh' | 'p2tr';
  format: 'bip322-simple' | 'bip137' | 'electrum';
  address: string;
  message: string;
  signature: string;
  source: string;
}

const { vectors } = JSON.parse(readFileSync('tests/fixtures/signature-vectors.json', 'utf8')) as { vectors: Vector[] };
const matrix = readFileSync('docs/wallets.md', 'utf8');

/** Another recorded address of the same kind: a real address whose key did not make the signature. */
function otherAddress(vector: Vector): string {
  // The "wrong address" of bip322-js's taproot test: only one taproot address is among the vectors.
  if (vector.addressKind === 'p2tr') return 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
  const other = vectors.find((candidate) => candidate.addressKind === vector.addressKind && candidate.address !== vector.address);
  if (!other) throw new Error(`no second ${vector.addressKind} address among the vectors`);
  return other.address;
}

describe('published signature vectors', () => {
  it('cover every address kind in every format it can sign with', () => {
    const pairs = new Set(vectors.map((vector) => `${vector.addressKind}/${vector.format}`));
    for (const pair of ['p2pkh/bip137', 'p2sh-p2wpkh/bip137', 'p2wpkh/bip137', 'p2sh-p2wpkh/electrum', 'p2wpkh/electrum']) {
      expect(pairs).toContain(pair);
    }
    for (const kind of ['p2sh-p2wpkh', 'p2wpkh', 'p2tr']) expect(pairs).toContain(`${kind}/bip322-simple`);
    for (const vector of vectors) expect(vector.source).toMatch(/^https:\/\/github\.com\//);
  });

  it.each(vectors.map((vector) => [vector.id, vector] as const))('%s is listed in docs/wallets.md', (id) => {
    expect(matrix).toContain(id);
  });

  it.each(vectors.map((vector) => [vector.id, vector] as const))('%s verifies', async (_id, vector) => {
    expect(await verifyWalletSignature(vector.address, vector.message, vector.signature)).toEqual({ outcome: 'valid' });
  });

  it.each(vectors.map((vector) => [vector.id, vector] as const))('%s is invalid for a tampered message', async (_id, vector) => {
    const check = await verifyWalletSignature(vector.address, `${vector.message}!`, vector.signature);
    expect(check.outcome).toBe('invalid');
  });

  it.each(vectors.map((vector) => [vector.id, vector] as const))('%s is invalid for another address of its kind', async (_id, vector) => {
    const check = await verifyWalletSignature(otherAddress(vector), vector.message, vector.signature);
    // A taproot signature carries no key, so it cannot say whose it is.
    expect(check).toMatchObject({ outcome: 'invalid', reason: vector.addressKind === 'p2tr' ? 'not-verified' : 'other-address' });
  });
});

const byId = (id: string) => vectors.find((vector) => vector.id === id)!;

describe('malformed or invalid', () => {
  it('calls only text that cannot be a signature malformed', async () => {
    const { address, message } = byId('bip322-p2wpkh-hello-world');
    for (const signature of ['not a signature!', 'AAAA', Buffer.alloc(40, 7).toString('base64'), Buffer.alloc(64, 1).toString('base64')]) {
      expect(await verifyWalletSignature(address, message, signature)).toEqual({ outcome: 'malformed' });
    }
  });

  it('answers a taproot signature for a bc1q address, and the reverse, as the wrong format', async () => {
    const taproot = byId('bitcoin-core-p2tr-hello-world');
    const segwit = byId('bip322-p2wpkh-hello-world');
    expect(await verifyWalletSignature(segwit.address, segwit.message, taproot.signature)).toEqual({
      outcome: 'invalid',
      reason: 'wrong-format',
      signatureFormat: 'bip322-taproot',
    });
    expect(await verifyWalletSignature(taproot.address, taproot.message, segwit.signature)).toEqual({
      outcome: 'invalid',
      reason: 'wrong-format',
      signatureFormat: 'bip322-segwit',
    });
  });

  it('answers a legacy signature for a bc1p address, and a BIP-322 one for a 1… address, as the wrong format', async () => {
    const legacy = byId('bitcoinjs-message-p2pkh');
    const taproot = byId('bitcoin-core-p2tr-hello-world');
    expect(await verifyWalletSignature(taproot.address, legacy.message, legacy.signature)).toMatchObject({
      reason: 'wrong-format',
      signatureFormat: 'legacy',
    });
    expect(await verifyWalletSignature(legacy.address, taproot.message, taproot.signature)).toMatchObject({
      reason: 'wrong-format',
      signatureFormat: 'bip322-taproot',
    });
  });

  it('names the address whose key made a BIP-322 segwit signature', async () => {
    const vector = byId('bip322-p2wpkh-hello-world');
    const check = await verifyWalletSignature('bc1qannfxke2tfd4l7vhepehpvt05y83v3qsf6nfkk', vector.message, vector.signature);
    expect(check).toEqual({ outcome: 'invalid', reason: 'other-address', signer: vector.address });
  });

  it('says another message when the key is right and the text is not', async () => {
    const segwit = byId('bip322-p2wpkh-hello-world');
    expect(await verifyWalletSignature(segwit.address, 'Hello World?', segwit.signature)).toEqual({ outcome: 'invalid', reason: 'other-message' });
    // The signer's text had a line break more than the one checked, as a paste may add.
    const legacy = byId('trezor-p2wpkh');
    expect(await verifyWalletSignature(legacy.address, `${legacy.message}\n`, legacy.signature)).toEqual({ outcome: 'invalid', reason: 'other-message' });
    const taproot = byId('bitcoin-core-p2tr-hello-world');
    expect(await verifyWalletSignature(taproot.address, 'Hello World\n', taproot.signature)).toEqual({ outcome: 'invalid', reason: 'other-message' });
    expect(await verifyWalletSignature(taproot.address, 'Goodbye', taproot.signature)).toEqual({ outcome: 'invalid', reason: 'not-verified' });
  });
});
