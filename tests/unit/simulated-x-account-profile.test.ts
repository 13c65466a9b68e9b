import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSimulatedX } from '../../server/features/simulated-x/simulated-x.service.js';

const clientId = 'client';
const redirectUri = 'http://127.0.0.1:3000/api/auth/twitter/callback';
const verifier = 'a-verifier-of-enough-length-for-pkce-0123456789abcdef';
const request = {
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  state: 'state',
  code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  code_challenge_method: 'S256',
};
const dayMs = 24 * 60 * 60 * 1000;
const now = 1_800_000_000_000;

describe('the simulated X account profile (issue 13 requirements)', () => {
  it('is years old with hundreds of followers by default, so the local demo can mine', () => {
    const x = createSimulatedX({ clientId, redirectUri, now: () => now });
    const { account } = x.approve(request, 'old_hand', false);
    expect(now - account.createdAt).toBeGreaterThanOrEqual(365 * dayMs);
    expect(account.followers).toBeGreaterThanOrEqual(100);
  });

  it('is 2 days old with 3 followers when "brand-new account" is ticked, and old again when it is not', () => {
    const x = createSimulatedX({ clientId, redirectUri, now: () => now });
    const fresh = x.approve(request, 'farmer', false, true).account;
    expect({ ageDays: (now - fresh.createdAt) / dayMs, followers: fresh.followers }).toEqual({ ageDays: 2, followers: 3 });
    const again = x.approve(request, 'farmer', false).account;
    expect(now - again.createdAt).toBeGreaterThanOrEqual(365 * dayMs);
  });
});
