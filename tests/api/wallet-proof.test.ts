import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/platform/config.js';
import { verifyWalletSignature } from '../../server/features/auth/wallet-signature.js';
import { addressKinds, createTestWallet, type TestWallet } from '../helpers/bitcoin-signer.js';
import { build, type TestApp } from '../helpers/build-app.js';
import { requestMemeClaim, requestTweetClaim } from '../helpers/claim-requests.js';
import type { FakeX } from '../../scripts/fake-x/fake-x.js';
import { buildWithFakeX, miningEnv } from '../helpers/fake-x-app.js';
import { multipartBody } from '../helpers/multipart.js';
import { cookiePair } from '../helpers/test-app.js';
import { requestChallenge, sendVerify, signInWithWallet } from '../helpers/wallet-sign-in.js';
import { connectX, loginCookie } from '../helpers/x-flow.js';

const publicUrl = 'https://acorn.example';
const fiveMinutes = 5 * 60_000;

let ctx: TestApp;

async function start() {
  ctx = await build({ PUBLIC_URL: publicUrl }, { clock: Date.now() });
}

async function sessionCount(): Promise<number> {
  const row = await ctx.handle.db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

function userData(walletAddress: string, cookie: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/user/${walletAddress}`, headers: { cookie } });
}

function addressLogin(walletAddress: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { walletAddress } });
}

describe('POST /api/auth/challenge', () => {
  it('issues a message naming the site, the wallet, a nonce, the issue time and a five-minute expiry', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const { message, expiresAt } = await requestChallenge(ctx.app, wallet.address);
    expect(message.split('\n')[0]).toBe('acorn.example wants you to sign in with your Bitcoin account:');
    expect(message).toContain(`\n${wallet.address}\n`);
    // Said where the wallet shows it: a phishing site asks for a transaction, this one never does.
    expect(message).toContain('\nSign in to Acorn to prove you own this wallet. This signs a message only: it sends no transaction and costs nothing.\n');
    expect(message).toContain(`\nURI: ${publicUrl}\n`);
    expect(message).toContain(`\nIssued At: ${new Date(ctx.clock).toISOString()}\n`);
    expect(message).toContain(`\nExpiration Time: ${new Date(ctx.clock + fiveMinutes).toISOString()}`);
    expect(expiresAt).toBe(new Date(ctx.clock + fiveMinutes).toISOString());
    const nonce = /\nNonce: ([A-Za-z0-9]+)\n/.exec(message)?.[1];
    expect(nonce?.length).toBeGreaterThanOrEqual(16);
    const again = await requestChallenge(ctx.app, wallet.address);
    expect(again.message).not.toContain(`Nonce: ${nonce}\n`);
  });

  it('refuses an invalid wallet with 400 INVALID_WALLET', async () => {
    await start();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { walletAddress: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('INVALID_WALLET');
  });
});

describe('POST /api/auth/verify', () => {
  it.each(addressKinds)('signs in a %s wallet with a signature from a fresh key, as a proven session', async (kind) => {
    await start();
    const wallet = createTestWallet(kind);
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const response = await sendVerify(ctx.app, {
      walletAddress: wallet.address,
      message,
      signature: wallet.sign(message),
      walletName: 'Unisat',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ walletAddress: wallet.address, walletProtected: true, totalAcornMined: 0 });
    const cookie = cookiePair(response.headers['set-cookie']);
    const data = await userData(wallet.address, cookie);
    expect(data.statusCode).toBe(200);
    expect(data.json().proof).toEqual({ proven: true, walletName: 'Unisat' });
    expect(data.json().user.walletProtected).toBe(true);
  });

  it.each(['p2sh-p2wpkh', 'p2wpkh'] as const)('accepts the legacy Bitcoin Signed Message format for a %s wallet', async (kind) => {
    await start();
    const wallet = createTestWallet(kind);
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature: wallet.signLegacy(message) });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('verifies the published BIP-322 test vector and refuses it for another message', async () => {
    const address = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l';
    const signature =
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=';
    expect(await verifyWalletSignature(address, 'Hello World', signature)).toEqual({ outcome: 'valid' });
    expect((await verifyWalletSignature(address, 'Hello World!', signature)).outcome).toBe('invalid');
  });

  it('keeps the wallet name out of the session when none is given', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const { message } = await requestChallenge(ctx.app, wallet.address);
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature: wallet.sign(message) });
    const data = await userData(wallet.address, cookiePair(response.headers['set-cookie']));
    expect(data.json().proof).toEqual({ proven: true, walletName: null });
  });
});

describe('refusals change nothing', () => {
  async function expectRefused(
    payload: { walletAddress: string; message: string; signature: string },
    status: number,
    code: string,
  ) {
    const before = await sessionCount();
    const response = await sendVerify(ctx.app, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().error).toBe(code);
    expect(response.json().message).toEqual(expect.any(String));
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount()).toBe(before);
    return response;
  }

  async function issued(wallet: TestWallet) {
    const { message } = await requestChallenge(ctx.app, wallet.address);
    return message;
  }

  it('refuses a message naming another site with 400 CHALLENGE_WRONG_ORIGIN, and the real one still works', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const message = await issued(wallet);
    const phished = message.replaceAll('acorn.example', 'acorn-airdrop.example');
    await expectRefused({ walletAddress: wallet.address, message: phished, signature: wallet.sign(phished) }, 400, 'CHALLENGE_WRONG_ORIGIN');
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature: wallet.sign(message) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a message that is not the one issued with 400 CHALLENGE_MISMATCH', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const message = await issued(wallet);
    const stretched = message.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z');
    await expectRefused({ walletAddress: wallet.address, message: stretched, signature: wallet.sign(stretched) }, 400, 'CHALLENGE_MISMATCH');
    const invented = message.replace(/Nonce: .*/, 'Nonce: inventedinventedinvented');
    await expectRefused({ walletAddress: wallet.address, message: invented, signature: wallet.sign(invented) }, 400, 'CHALLENGE_MISMATCH');
    await expectRefused({ walletAddress: wallet.address, message: 'Hello World', signature: wallet.sign('Hello World') }, 400, 'CHALLENGE_MISMATCH');
  });

  it("refuses a challenge issued for another wallet with 400 CHALLENGE_MISMATCH", async () => {
    await start();
    const victim = createTestWallet('p2tr');
    const attacker = createTestWallet('p2tr');
    const message = await issued(attacker);
    await expectRefused({ walletAddress: victim.address, message, signature: attacker.sign(message) }, 400, 'CHALLENGE_MISMATCH');
  });

  it('refuses a reused nonce with 401 CHALLENGE_USED', async () => {
    await start();
    const wallet = createTestWallet('p2sh-p2wpkh');
    const message = await issued(wallet);
    const payload = { walletAddress: wallet.address, message, signature: wallet.sign(message) };
    expect((await sendVerify(ctx.app, payload)).statusCode).toBe(200);
    await expectRefused(payload, 401, 'CHALLENGE_USED');
  });

  // In-process SQLite runs these one after another; on PostgreSQL they truly race for the nonce.
  it('lets exactly one of several simultaneous verifies of one nonce open a session', async () => {
    await start();
    const wallet = createTestWallet('p2wpkh');
    const message = await issued(wallet);
    const payload = { walletAddress: wallet.address, message, signature: wallet.sign(message) };
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendVerify(ctx.app, payload)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401]);
    expect(responses.filter((response) => response.statusCode === 401).map((r) => r.json().error)).toEqual(
      Array(4).fill('CHALLENGE_USED'),
    );
    expect(await sessionCount()).toBe(1);
  });

  it('refuses an expired nonce with 401 CHALLENGE_EXPIRED', async () => {
    await start();
    const wallet = createTestWallet('p2pkh');
    const message = await issued(wallet);
    ctx.clock += fiveMinutes + 1;
    await expectRefused({ walletAddress: wallet.address, message, signature: wallet.sign(message) }, 401, 'CHALLENGE_EXPIRED');
  });

  it.each(addressKinds)("refuses another wallet's signature for a %s wallet with 401 SIGNATURE_INVALID", async (kind) => {
    await start();
    const wallet = createTestWallet(kind);
    const other = createTestWallet(kind);
    const message = await issued(wallet);
    await expectRefused({ walletAddress: wallet.address, message, signature: other.sign(message) }, 401, 'SIGNATURE_INVALID');
    const response = await sendVerify(ctx.app, { walletAddress: wallet.address, message, signature: wallet.sign(message) });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a malformed signature with 400 SIGNATURE_MALFORMED', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const message = await issued(wallet);
    for (const signature of ['not a signature!', Buffer.alloc(40, 7).toString('base64'), 'AAAA']) {
      await expectRefused({ walletAddress: wallet.address, message, signature }, 400, 'SIGNATURE_MALFORMED');
    }
  });

  it('refuses a wallet name longer than 40 characters with 400', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const message = await issued(wallet);
    const response = await sendVerify(ctx.app, {
      walletAddress: wallet.address,
      message,
      signature: wallet.sign(message),
      walletName: 'x'.repeat(41),
    });
    expect(response.statusCode).toBe(400);
    expect(await sessionCount()).toBe(0);
  });
});

describe('a proven wallet is protected', () => {
  it('refuses address-only login with 403 WALLET_PROTECTED and ends the sessions opened by address', async () => {
    await start();
    const wallet = createTestWallet('p2tr');
    const before = await addressLogin(wallet.address);
    expect(before.statusCode).toBe(200);
    expect(before.json().user.walletProtected).toBe(false);
    const addressCookie = cookiePair(before.headers['set-cookie']);
    const unproven = await userData(wallet.address, addressCookie);
    expect(unproven.json().proof).toEqual({ proven: false, walletName: null });

    const proven = await signInWithWallet(ctx.app, wallet);

    const attempt = await addressLogin(wallet.address);
    expect(attempt.statusCode).toBe(403);
    expect(attempt.json()).toEqual({
      error: 'WALLET_PROTECTED',
      message: 'This wallet is protected. Sign in with your wallet to continue.',
    });
    expect(attempt.headers['set-cookie']).toBeUndefined();
    expect((await userData(wallet.address, addressCookie)).statusCode).toBe(401);
    expect((await userData(wallet.address, proven.cookie)).statusCode).toBe(200);
  });

  it('leaves address-only login to wallets nobody has proven', async () => {
    await start();
    await signInWithWallet(ctx.app, createTestWallet('p2wpkh'));
    const other = createTestWallet('p2wpkh');
    expect((await addressLogin(other.address)).statusCode).toBe(200);
  });

  it('keeps a second proven sign-in working and the first proven session alive', async () => {
    await start();
    const wallet = createTestWallet('p2sh-p2wpkh');
    const first = await signInWithWallet(ctx.app, wallet, 'Xverse');
    const second = await signInWithWallet(ctx.app, wallet, 'Leather');
    expect((await userData(wallet.address, first.cookie)).json().proof.walletName).toBe('Xverse');
    expect((await userData(wallet.address, second.cookie)).json().proof.walletName).toBe('Leather');
  });
});

describe('WALLET_PROOF=required', () => {
  let fakeX: FakeX;

  const tweetText =
    'Squirrels stacking acorns on Bitcoin all winter long. The ordinals community never sleeps and neither do we. #ACORN #BRC20';
  let nextPostId = 1990000000000000000n;
  function publish(authorId: string, text: string): string {
    nextPostId += 1n;
    fakeX.addPost(nextPostId.toString(), { authorId, text, createdAt: new Date() });
    return nextPostId.toString();
  }

  async function startRequired() {
    const started = await buildWithFakeX({ ...miningEnv, PUBLIC_URL: publicUrl, WALLET_PROOF: 'required' }, { clock: Date.now() });
    ctx = started;
    fakeX = started.fakeX;
  }

  function generateMeme(session: { cookie: string; userId: number }) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/memes/generate',
      headers: { cookie: session.cookie },
      payload: { userId: session.userId, theme: 'hodl_gang', customPrompt: 'Acorns all the way down', templateId: 1 },
    });
  }

  function generateTweet(session: { cookie: string; userId: number }) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/tweets/generate-custom',
      headers: { cookie: session.cookie },
      payload: { prompt: 'winter is coming', userId: session.userId },
    });
  }

  async function uploadImage(session: { cookie: string }) {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#f7931a' } }).png().toBuffer();
    const body = multipartBody([{ name: 'image', value: image, filename: 'a.png', type: 'image/png' }]);
    return ctx.app.inject({ method: 'POST', url: '/api/upload/image', headers: { ...body.headers, cookie: session.cookie }, payload: body.payload });
  }

  function claimTweet(session: { cookie: string; userId: number }, tweetId: string) {
    return requestTweetClaim(ctx.app, session, {
      tweetText,
      isCustom: true,
      actualTweetUrl: `https://x.com/someone/status/${tweetId}`,
      postingStartTime: ctx.clock - 60_000,
    });
  }

  it('fails fast on any other WALLET_PROOF value, naming the variable', () => {
    expect(loadConfig({ WALLET_PROOF: 'optional' }).walletProof).toBe('optional');
    expect(() => loadConfig({ WALLET_PROOF: 'yes' })).toThrow(/WALLET_PROOF: must be optional or required/);
  });

  it('publishes the mode in /api/config, optional by default', async () => {
    await startRequired();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().walletProof).toBe('required');
    await ctx.close();
    await start();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/config' })).json().walletProof).toBe('optional');
  });

  it('refuses X linking, claims, generation and uploads to an address-only session with 403 WALLET_PROOF_REQUIRED', async () => {
    await startRequired();
    const wallet = createTestWallet('p2tr');
    const session = await loginCookie(ctx.app, wallet.address);
    const headers = { cookie: session.cookie };
    const refused = [
      await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter', headers }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/twitter/exchange',
        headers,
        payload: { code: 'code', state: 'state', walletAddress: wallet.address },
      }),
      await claimTweet(session, publish('7007', tweetText)),
      await requestMemeClaim(ctx.app, session, 'token', publish('7007', tweetText)),
      await generateTweet(session),
      await generateMeme(session),
      await uploadImage(session),
    ];
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toBe('WALLET_PROOF_REQUIRED');
    }
    expect(fakeX.requests.filter((request) => request.path.startsWith('/2/'))).toEqual([]);
  });

  it('still answers 401 to a visitor without a session', async () => {
    await startRequired();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/twitter' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHENTICATED');
  });

  it('lets a proven session link X, generate, upload and claim a tweet and a meme', async () => {
    await startRequired();
    const wallet = createTestWallet('p2wpkh');
    const session = await signInWithWallet(ctx.app, wallet, 'Unisat');
    fakeX.setNextUser({ id: '7117', username: 'proven_holder', verifiedType: 'none' });
    const { exchange } = await connectX(ctx.app, session, wallet.address);
    expect(exchange.statusCode, exchange.body).toBe(200);

    expect((await generateTweet(session)).statusCode).toBe(200);
    expect((await uploadImage(session)).statusCode).toBe(200);
    const meme = await generateMeme(session);
    expect(meme.statusCode, meme.body).toBe(200);

    const tweetClaim = await claimTweet(session, publish('7117', tweetText));
    expect(tweetClaim.statusCode, tweetClaim.body).toBe(200);
    await ctx.handle.db.updateTable('users').set({ last_tweet_claim_at: null }).execute();
    const { memeText, shareUrl, sessionToken } = meme.json();
    const memeClaim = await requestMemeClaim(ctx.app, session, sessionToken, publish('7117', `${memeText} #ACORN #BRC20 #AcornSquirrels\n${shareUrl}`));
    expect(memeClaim.statusCode, memeClaim.body).toBe(200);
  });
});
