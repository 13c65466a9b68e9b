import { describe, expect, it } from 'vitest';
import { type AddressKind, addressKinds, createTestWallet } from '../helpers/bitcoin-signer.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { cookiePair } from '../helpers/test-app.js';
import { requestChallenge, sendVerify } from '../helpers/wallet-sign-in.js';

const publicUrl = 'https://acorn.example';
let ctx: TestApp;

async function start() {
  ctx = await build({ PUBLIC_URL: publicUrl }, { clock: Date.now() });
}

async function sessionCount(): Promise<number> {
  const row = await ctx.handle.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

async function expectInvalid(payload: { walletAddress: string; message: string; signature: string }, expected: object) {
  const response = await sendVerify(ctx.app, payload);
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json()).toMatchObject({ error: 'SIGNATURE_INVALID', ...expected });
  expect(response.json().message).toEqual(expect.any(String));
  expect(response.headers['set-cookie']).toBeUndefined();
  expect(await sessionCount()).toBe(0);
  return response.json() as { message: string };
}

describe('a well-formed signature that does not prove the wallet is 401 SIGNATURE_INVALID with its reason', () => {
  it('answers a taproot signature on a bc1q challenge as the wrong format, not as malformed', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const taproot = createTestWallet('p2tr');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const body = await expectInvalid(
      { walletAddress: wallet.address, message, signature: taproot.sign(message) },
      { reason: 'wrong-format', signatureFormat: 'bip322-taproot' },
    );
    expect(body.message).toContain('bc1p');
  });

  it('answers a bc1q signature on a taproot challenge as the wrong format', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const segwit = createTestWallet('p2wpkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    await expectInvalid(
      { walletAddress: wallet.address, message, signature: segwit.sign(message) },
      { reason: 'wrong-format', signatureFormat: 'bip322-segwit' },
    );
  });

  it('answers a legacy P2PKH signature on a taproot challenge as the wrong format', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const legacy = createTestWallet('p2pkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    await expectInvalid({ walletAddress: wallet.address, message, signature: legacy.sign(message) }, { reason: 'wrong-format', signatureFormat: 'legacy' });
  });

  it('names the other address whose key signed a bc1q challenge', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const other = createTestWallet('p2wpkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const body = await expectInvalid({ walletAddress: wallet.address, message, signature: other.sign(message) }, { reason: 'other-address', signer: other.address });
    expect(body.message).toContain(other.address);
  });

  it("says another address for a legacy signature whose recovered key is not the wallet's", async () => {
    await start();
    const wallet = createTestWallet('p2pkh');
    const other = createTestWallet('p2pkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    await expectInvalid({ walletAddress: wallet.address, message, signature: other.sign(message) }, { reason: 'other-address' });
  });

  it('says another message when the right key signed the challenge with its line breaks changed', async () => {
    await start();
    for (const kind of ['p2pkh', 'p2wpkh', 'p2tr'] as const) {
      const wallet = createTestWallet(kind);
      const { message } = await requestChallenge(ctx.app, wallet.address);
      const pasted = message.replace(/\n/g, '\r\n');
      await expectInvalid({ walletAddress: wallet.address, message, signature: wallet.sign(pasted) }, { reason: 'other-message' });
    }
  });
});

/** Which signatures each kind can sign in with, as the manual path's wallets make them. */
const formats: Record<AddressKind, readonly ('bip322' | 'bip137' | 'electrum')[]> = {
  p2pkh: ['bip137'],
  'p2sh-p2wpkh': ['bip322', 'bip137', 'electrum'],
  p2wpkh: ['bip322', 'bip137', 'electrum'],
  p2tr: ['bip322'],
};
const cases = addressKinds.flatMap((kind) => formats[kind].map((format) => [kind, format] as const));

describe('the manual path: address, challenge, a signature pasted from any wallet', () => {
  it.each(cases)('signs a %s wallet in with a %s signature, as a proven session', async (kind, format) => {
    await start();
    const wallet = createTestWallet(kind);
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const signature = format === 'bip322' ? wallet.sign(message) : format === 'bip137' ? wallet.signLegacy(message) : wallet.signElectrum(message);
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature, walletName: 'Sparrow' });
    expect(response.statusCode, response.body).toBe(200);
    const cookie = cookiePair(response.headers['set-cookie']);
    const data = await ctx.app.inject({ method: 'GET', url: `/api/user/${wallet.address}`, headers: { cookie } });
    expect(data.json().proof).toEqual({ proven: true, walletName: 'Sparrow' });
    expect(data.json().user.walletProtected).toBe(true);
  });

  it('answers a signature pasted after five minutes with 401 CHALLENGE_EXPIRED', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    ctx.clock += 5 * 60_000 + 1;
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature: wallet.signElectrum(message) });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('CHALLENGE_EXPIRED');
  });
});
