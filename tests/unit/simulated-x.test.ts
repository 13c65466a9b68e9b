import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { tweetIdFromUrl } from '../../shared/tweet-url.js';
import { createSimulatedX, postUrl, SimulatedXError } from '../../server/features/simulated-x/simulated-x.service.js';
import { shortenLinks } from '../../server/features/simulated-x/short-links.js';

const clientId = 'client';
const redirectUri = 'http://127.0.0.1:3000/api/auth/twitter/callback';
const verifier = 'a-verifier-of-enough-length-for-pkce-0123456789abcdef';
const challenge = createHash('sha256').update(verifier).digest('base64url');
const request = {
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  state: 'state',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  scope: 'tweet.read',
};

function simulatedX(start = 1_800_000_000_000) {
  let now = start;
  const x = createSimulatedX({ clientId, redirectUri, now: () => now });
  return { x, advance: (ms: number) => (now += ms) };
}

describe('the simulated X authorization', () => {
  it('accepts the request the app sends and names what is wrong with others', () => {
    const { x } = simulatedX();
    expect(x.authorizeProblem(request)).toBeNull();
    expect(x.authorizeProblem({ ...request, redirect_uri: 'https://evil.example/cb' })).toEqual({ code: 'redirect_uri' });
    expect(x.authorizeProblem({ ...request, client_id: 'other' })).toEqual({ code: 'client_id' });
    expect(x.authorizeProblem({ ...request, code_challenge_method: 'plain' })).toEqual({ code: 'pkce' });
    expect(x.authorizeProblem({ ...request, state: '' })).toEqual({ code: 'state' });
  });

  it('exchanges a code once, with the verifier of its challenge, and rotates refresh tokens', () => {
    const { x } = simulatedX();
    const { code, account } = x.approve(request, 'Squirrel_1', false);
    const tokens = x.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }, clientId);
    expect(x.bearer(`Bearer ${tokens.access_token}`)).toBe(account);
    expect(() => x.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }, clientId)).toThrow(
      SimulatedXError,
    );

    const refreshed = x.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, clientId);
    expect(x.bearer(`Bearer ${refreshed.access_token}`)).toBe(account);
    expect(() => x.token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, clientId)).toThrow(SimulatedXError);
  });

  it('refuses a code after ten minutes and an access token after two hours', () => {
    const { x, advance } = simulatedX();
    const late = x.approve(request, 'late', false).code;
    advance(10 * 60 * 1000);
    expect(() => x.token({ grant_type: 'authorization_code', code: late, code_verifier: verifier, redirect_uri: redirectUri }, clientId)).toThrow(
      /expired/,
    );
    const { code } = x.approve(request, 'late', false);
    const tokens = x.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirectUri }, clientId);
    advance(7200 * 1000);
    expect(x.bearer(`Bearer ${tokens.access_token}`)).toBeNull();
  });

  it('gives a handle the same account id in any process, whatever its case', () => {
    const first = simulatedX().x.account('Acorn_Fan');
    const again = simulatedX().x.account('acorn_fan');
    expect(again.id).toBe(first.id);
    expect(first.id).toMatch(/^\d+$/);
    expect(simulatedX().x.account('someone_else').id).not.toBe(first.id);
  });
});

describe('posting on the simulated X', () => {
  it('gives each post a new id in a link the app reads as an X post', () => {
    const { x } = simulatedX();
    const author = x.account('poster');
    const first = x.publish(author, 'one');
    const second = x.publish(author, 'two');
    expect(second.id).not.toBe(first.id);
    expect(tweetIdFromUrl(postUrl(first))).toBe(first.id);
    expect(postUrl(first)).toBe(`https://x.com/poster/status/${first.id}`);
  });

  it('refuses an empty post and one longer than X allows the account', () => {
    const { x } = simulatedX();
    const standard = x.account('standard');
    expect(x.postProblem(standard, '   ')).toEqual({ code: 'empty_post' });
    expect(x.postProblem(standard, 'a'.repeat(280))).toBeNull();
    expect(x.postProblem(standard, 'a'.repeat(281))).toEqual({ code: 'post_too_long', max: 280, length: 281 });
    const paid = x.account('paid');
    paid.verified = true;
    expect(x.postProblem(paid, 'a'.repeat(281))).toBeNull();
  });
});

describe('shortenLinks', () => {
  it('turns the links X recognises into t.co links and keeps the originals as expanded URLs', () => {
    const { text, links } = shortenLinks('My meme https://acorn.org/meme/AbC123 and acorn.com/x #ACORN');
    expect(links.map((link) => link.expanded_url)).toEqual(['https://acorn.org/meme/AbC123', 'http://acorn.com/x']);
    expect(text).toBe(`My meme ${links[0]!.url} and ${links[1]!.url} #ACORN`);
    for (const link of links) expect(link.url).toMatch(/^https:\/\/t\.co\/[\w-]{10}$/);
  });

  it('leaves links X does not recognise (an IP address, localhost) in the text', () => {
    const text = 'Look http://127.0.0.1:3000/meme/AbC123 #ACORN';
    expect(shortenLinks(text)).toEqual({ text, links: [] });
  });
});
