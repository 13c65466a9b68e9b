import { createHash, randomBytes } from 'node:crypto';
import { weightedLength } from '@shared/tweet-rules';
import { type PostLink, shortenLinks } from './short-links.js';

/*
 * The simulated X keeps everything in memory: it is a single-process local demo, so accounts'
 * tokens and posts last as long as the server. After a restart, connect X again and post again.
 */

export interface SimulatedAccount {
  id: string;
  username: string;
  verified: boolean;
  /**
   * Answered as X's created_at and public_metrics.followers_count: old and followed enough for the default
   * requirements, unless the authorize page's "brand-new account" was ticked.
   */
  createdAt: number;
  followers: number;
}

export interface SimulatedPost {
  id: string;
  author: SimulatedAccount;
  /** As written, for the post page. */
  text: string;
  /** As X's API answers it: recognised links replaced by t.co links, listed in `links`. */
  apiText: string;
  links: PostLink[];
  createdAt: number;
}

/** The query of X's OAuth 2.0 authorize page, as the app sends it. */
export interface AuthorizeRequest {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  scope?: string;
}

export interface TokenRequest {
  grant_type?: string;
  code?: string;
  code_verifier?: string;
  redirect_uri?: string;
  client_id?: string;
  refresh_token?: string;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'bearer';
  scope: string;
}

/** What X would refuse, as a code; the pages say it in the reader's language. */
export type SimulatedXProblem =
  | { code: 'response_type' | 'client_id' | 'redirect_uri' | 'state' | 'pkce' | 'handle' | 'empty_post' }
  | { code: 'post_too_long'; max: number; length: number };

export const handlePattern = /^[A-Za-z0-9_]{1,15}$/;
const codeTtlMs = 10 * 60 * 1000;
const tokenTtlSeconds = 7200;
// Post ids are X-style snowflakes (milliseconds since X's epoch, then a sequence), so they stay
// unique across restarts while the app's database remembers the ones already claimed.
const xEpoch = 1288834974657n;
const dayMs = 24 * 60 * 60 * 1000;
const established = { ageMs: 3 * 365 * dayMs, followers: 250 };
const brandNew = { ageMs: 2 * dayMs, followers: 3 };
const standardMaxLength = 280;
const paidTierMaxLength = 25_000;

export class SimulatedXError extends Error {}

function sha256Base64Url(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

const token = () => randomBytes(24).toString('base64url');

/** X's rules as far as the app relies on them: PKCE S256, single-use codes, the registered callback. */
export function createSimulatedX(options: { clientId: string; redirectUri: string; now?: () => number }) {
  const now = options.now ?? Date.now;
  const accounts = new Map<string, SimulatedAccount>();
  const codes = new Map<string, { account: SimulatedAccount; challenge: string; redirectUri: string; expiresAt: number; scope: string }>();
  const accessTokens = new Map<string, { account: SimulatedAccount; expiresAt: number }>();
  const refreshTokens = new Map<string, SimulatedAccount>();
  const posts = new Map<string, SimulatedPost>();
  let sequence = 0n;

  /** The account of a handle; the same handle always has the same id, also after a restart. */
  function account(handle: string): SimulatedAccount {
    const key = handle.toLowerCase();
    let found = accounts.get(key);
    if (!found) {
      const id = BigInt(`0x${createHash('sha256').update(`simulated-x:${key}`).digest('hex').slice(0, 15)}`).toString();
      found = { id, username: handle, verified: false, createdAt: now() - established.ageMs, followers: established.followers };
      accounts.set(key, found);
    }
    return found;
  }

  function issueTokens(owner: SimulatedAccount, scope: string): Tokens {
    const accessToken = token();
    const refreshToken = token();
    accessTokens.set(accessToken, { account: owner, expiresAt: now() + tokenTtlSeconds * 1000 });
    refreshTokens.set(refreshToken, owner);
    return { access_token: accessToken, refresh_token: refreshToken, expires_in: tokenTtlSeconds, token_type: 'bearer', scope };
  }

  return {
    /** What is wrong with an authorize request; null when X would accept it. */
    authorizeProblem(request: AuthorizeRequest): SimulatedXProblem | null {
      if (request.response_type !== 'code') return { code: 'response_type' };
      if (request.client_id !== options.clientId) return { code: 'client_id' };
      if (request.redirect_uri !== options.redirectUri) return { code: 'redirect_uri' };
      if (!request.state) return { code: 'state' };
      if (!request.code_challenge || request.code_challenge_method !== 'S256') return { code: 'pkce' };
      return null;
    },

    handleProblem(handle: string): SimulatedXProblem | null {
      return handlePattern.test(handle) ? null : { code: 'handle' };
    },

    /** The user said yes: a single-use code for the app, bound to the PKCE challenge. */
    approve(request: AuthorizeRequest, handle: string, verified: boolean, newAccount = false): { code: string; account: SimulatedAccount } {
      for (const [code, grant] of codes) if (grant.expiresAt <= now()) codes.delete(code);
      const owner = account(handle);
      owner.verified = verified;
      // The demo's way to see the account requirements refuse: the same handle, made young and unfollowed.
      const profile = newAccount ? brandNew : established;
      owner.createdAt = now() - profile.ageMs;
      owner.followers = profile.followers;
      const code = token();
      codes.set(code, {
        account: owner,
        challenge: request.code_challenge ?? '',
        redirectUri: request.redirect_uri ?? '',
        expiresAt: now() + codeTtlMs,
        scope: request.scope ?? '',
      });
      return { code, account: owner };
    },

    /** The token endpoint: an authorization code with its PKCE verifier, or a refresh token (rotated). */
    token(request: TokenRequest, clientId: string | undefined): Tokens {
      if (clientId !== options.clientId) throw new SimulatedXError('unknown client');
      if (request.grant_type === 'refresh_token') {
        const owner = refreshTokens.get(request.refresh_token ?? '');
        if (!owner) throw new SimulatedXError('unknown refresh token');
        refreshTokens.delete(request.refresh_token ?? '');
        return issueTokens(owner, '');
      }
      if (request.grant_type !== 'authorization_code') throw new SimulatedXError('unsupported grant_type');
      const grant = codes.get(request.code ?? '');
      codes.delete(request.code ?? '');
      if (!grant || grant.expiresAt <= now()) throw new SimulatedXError('unknown or expired code');
      if (grant.redirectUri !== request.redirect_uri) throw new SimulatedXError('redirect_uri does not match');
      if (sha256Base64Url(request.code_verifier ?? '') !== grant.challenge) throw new SimulatedXError('code_verifier does not match');
      return issueTokens(grant.account, grant.scope);
    },

    /** The account behind an `Authorization: Bearer` header, or null. */
    bearer(authorization: string | undefined): SimulatedAccount | null {
      const grant = accessTokens.get((authorization ?? '').replace(/^Bearer /i, ''));
      return grant && grant.expiresAt > now() ? grant.account : null;
    },

    account,

    /** Refuses what X refuses: an empty post, or one over the account's length limit. */
    postProblem(author: SimulatedAccount, text: string): SimulatedXProblem | null {
      if (text.trim() === '') return { code: 'empty_post' };
      const max = author.verified ? paidTierMaxLength : standardMaxLength;
      const length = weightedLength(text);
      return length > max ? { code: 'post_too_long', max, length } : null;
    },

    publish(author: SimulatedAccount, text: string): SimulatedPost {
      const createdAt = now();
      sequence = (sequence + 1n) & 0x3fffffn;
      const id = (((BigInt(createdAt) - xEpoch) << 22n) | sequence).toString();
      const { text: apiText, links } = shortenLinks(text);
      const post = { id, author, text, apiText, links, createdAt };
      posts.set(id, post);
      return post;
    },

    post(id: string): SimulatedPost | null {
      return posts.get(id) ?? null;
    },
  };
}


/** The link X would give the post, in the form the app's claim dialog accepts. */
export function postUrl(post: SimulatedPost): string {
  return `https://x.com/${post.author.username}/status/${post.id}`;
}
