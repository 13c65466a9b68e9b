import { createHash, randomBytes } from 'node:crypto';
import type { AppConfig } from '../platform/config.js';
import { lastCallState } from '../platform/lib/upstream-state.js';
import { fetchBounded, UpstreamError } from './http.js';

export interface XTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
}

export interface XUser {
  id: string;
  username: string;
  /** Paid tier: any verified_type other than none. */
  isVerified: boolean;
  /** When the account was made (ms since epoch). */
  createdAt: number;
  followersCount: number;
}

export interface XPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: number;
  /** Links in the post as written: X shows them as t.co links in `text` and expands them here. */
  urls: string[];
}

export const xScopes = ['tweet.read', 'users.read', 'offline.access'];

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The `expanded_url` of each `entities.urls[]` entry; anything malformed is skipped. */
function expandedUrls(entities: unknown): string[] {
  const urls = (entities as { urls?: unknown } | null | undefined)?.urls;
  if (!Array.isArray(urls)) return [];
  return urls.flatMap((entry) => {
    const expanded = (entry as { expanded_url?: unknown } | null)?.expanded_url;
    return typeof expanded === 'string' ? [expanded] : [];
  });
}

/** X's OAuth 2.0 (PKCE) and API v2 endpoints, from configuration; every call bounded in time. */
export function createXClient(config: AppConfig) {
  const { clientId, clientSecret } = config.x;
  const redirectUrl = config.x.redirectUrl ?? `${config.publicUrl}/api/auth/twitter/callback`;
  const timeoutMs = config.upstreamTimeoutMs;
  const lastCall = lastCallState();

  /**
   * The status and parsed body; the timeout covers the body, so a late body is X being unavailable.
   * No answer, a 5xx or an answer that is not JSON counts as X unavailable (metrics); a 4xx is X answering.
   */
  async function call(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let answer: { status: number; text: string };
    try {
      answer = await fetchBounded(url, { ...init, timeoutMs });
    } catch (error) {
      lastCall.failed();
      throw new UpstreamError('X did not answer in time', { cause: error });
    }
    let body: unknown = null;
    try {
      body = answer.text ? JSON.parse(answer.text) : null;
    } catch {
      lastCall.failed();
      throw new UpstreamError(`X answered ${answer.status} with something that is not JSON`);
    }
    if (answer.status >= 500) lastCall.failed();
    else lastCall.answered();
    return { status: answer.status, body };
  }

  async function tokenRequest(params: Record<string, string>): Promise<XTokens> {
    const basic = Buffer.from(`${clientId}:${clientSecret ?? ''}`).toString('base64');
    const { status, body } = await call(config.x.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ client_id: clientId ?? '', ...params }).toString(),
    });
    const record = body as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown } | null;
    if (status !== 200 || typeof record?.access_token !== 'string') {
      throw new UpstreamError(`X refused the authorization code (${status})`);
    }
    return {
      accessToken: record.access_token,
      refreshToken: typeof record.refresh_token === 'string' ? record.refresh_token : null,
      expiresAt: typeof record.expires_in === 'number' ? Date.now() + record.expires_in * 1000 : null,
    };
  }

  return {
    isConfigured: clientId !== null,
    /** Whether X answered its last call (metrics). */
    upstreamState: lastCall.state,
    /** What an account must have to be linked and to claim; the x-auth feature rules on it. */
    requirements: config.x.requirements,

    authorizeUrl(state: string, challenge: string): string {
      const url = new URL(config.x.authUrl);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId ?? '',
        redirect_uri: redirectUrl,
        scope: xScopes.join(' '),
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    exchangeCode(code: string, verifier: string): Promise<XTokens> {
      return tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: redirectUrl, code_verifier: verifier });
    },

    refresh(refreshToken: string): Promise<XTokens> {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async me(accessToken: string): Promise<XUser> {
      const fields = 'created_at,public_metrics,verified,verified_type';
      const { status, body } = await call(`${config.x.apiBase}/2/users/me?user.fields=${fields}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      const data = (
        body as {
          data?: {
            id?: unknown;
            username?: unknown;
            verified?: unknown;
            verified_type?: unknown;
            created_at?: unknown;
            public_metrics?: { followers_count?: unknown } | null;
          };
        }
      )?.data;
      if (status !== 200 || typeof data?.id !== 'string' || typeof data.username !== 'string') {
        throw new UpstreamError(`X did not return the account (${status})`);
      }
      const createdAt = typeof data.created_at === 'string' ? Date.parse(data.created_at) : Number.NaN;
      const followersCount = data.public_metrics?.followers_count;
      // Without these the account requirements cannot be judged: treat it as X not answering properly.
      if (Number.isNaN(createdAt) || typeof followersCount !== 'number') {
        throw new UpstreamError("X did not return the account's creation date and followers");
      }
      const verifiedType = typeof data.verified_type === 'string' ? data.verified_type : null;
      return {
        id: data.id,
        username: data.username,
        isVerified: verifiedType ? verifiedType !== 'none' : data.verified === true,
        createdAt,
        followersCount,
      };
    },

    /** The post, or null when X says it does not exist. */
    async post(tweetId: string, accessToken: string): Promise<XPost | null> {
      const { status, body } = await call(
        `${config.x.apiBase}/2/tweets/${encodeURIComponent(tweetId)}?tweet.fields=author_id,created_at,entities`,
        { headers: { authorization: `Bearer ${accessToken}` } },
      );
      const data = (
        body as { data?: { id?: unknown; author_id?: unknown; text?: unknown; created_at?: unknown; entities?: unknown } }
      )?.data;
      // X answers a missing (or hidden) post with 200 and `errors` instead of `data`; a 200 with
      // neither is garbage, not a missing post.
      const errors = (body as { errors?: unknown } | null)?.errors;
      if (status === 404 || (status === 200 && !data && Array.isArray(errors) && errors.length > 0)) return null;
      if (status !== 200 || typeof data?.author_id !== 'string' || typeof data.text !== 'string') {
        throw new UpstreamError(`X could not be asked about the post (${status})`);
      }
      const createdAt = typeof data.created_at === 'string' ? Date.parse(data.created_at) : Number.NaN;
      if (Number.isNaN(createdAt)) throw new UpstreamError('X returned a post without a date');
      return { id: String(data.id ?? tweetId), authorId: data.author_id, text: data.text, createdAt, urls: expandedUrls(data.entities) };
    },
  };
}

export type XClient = ReturnType<typeof createXClient>;
