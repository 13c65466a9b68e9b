import type { Caller } from './http-caller.js';
import type { TestWallet } from './bitcoin-signer.js';
import { cookiePair } from './test-app.js';

export async function requestChallenge(app: Caller, walletAddress: string): Promise<{ message: string; expiresAt: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/challenge', payload: { walletAddress } });
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.body}`);
  return response.json();
}

export function sendVerify(app: Caller, payload: { walletAddress: string; message: string; signature: string; walletName?: string }) {
  return app.inject({ method: 'POST', url: '/api/auth/verify', payload });
}

/** The whole proven sign-in: challenge, sign with the wallet's key, verify; returns the session. */
export async function signInWithWallet(
  app: Caller,
  wallet: TestWallet,
  walletName = 'Test Wallet',
): Promise<{ cookie: string; userId: number }> {
  const { message } = await requestChallenge(app, wallet.address);
  const response = await sendVerify(app, { walletAddress: wallet.address, message, signature: wallet.sign(message), walletName });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.body}`);
  return { cookie: cookiePair(response.headers['set-cookie']), userId: response.json().user.id };
}
