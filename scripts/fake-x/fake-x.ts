import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFault, type Fault, timerSet } from './fake-upstream.js';

export interface FakeXUser {
  id: string;
  username: string;
  verifiedType?: 'none' | 'blue' | 'business';
  /** When the account was made; unset: years ago, old enough for any default requirement. */
  createdAt?: Date;
  /** Unset: plenty for any default requirement. */
  followers?: number;
}

const defaultCreatedAt = new Date('2019-06-01T00:00:00.000Z');
const defaultFollowers = 500;

export interface FakeXPost {
  authorId: string;
  text: string;
  createdAt: Date;
  /** Links as posted; X answers them as `entities.urls[].expanded_url` (the text shows t.co links). */
  urls?: string[];
}

/** `fail`: a 500 (kept for the tests that say so); any fault of the shared list otherwise. */
type Mode = 'ok' | 'fail' | Fault;

/**
 * A real HTTP stand-in for X on 127.0.0.1: the OAuth 2.0 authorize redirect and token endpoint
 * (checking PKCE), /2/users/me and /2/tweets/{id}. Tests set the account the next login gets,
 * the posts that exist, and whether an endpoint fails, hangs, answers garbage or answers late.
 */
export async function startFakeX() {
  let nextUser: FakeXUser = { id: '1001', username: 'acorn_fan', verifiedType: 'none' };
  let authorizeError: string | null = null;
  const codes = new Map<string, { challenge: string; user: FakeXUser; redirectUri: string }>();
  const tokens = new Map<string, FakeXUser>();
  const posts = new Map<string, FakeXPost>();
  type Endpoint = 'token' | 'me' | 'tweets';
  const modes: Record<Endpoint, Mode> = { token: 'ok', me: 'ok', tweets: 'ok' };
  /** When a slow fault sends the good answer; unset: later than any test. */
  const lateMs: Partial<Record<Endpoint, number>> = {};
  const abandoned: Record<Endpoint, number> = { token: 0, me: 0, tweets: 0 };
  const received: Array<{ method: string; path: string; query: string }> = [];
  const timers = timerSet();

  /** The answer a healthy X gives, or the endpoint's fault instead. */
  function json(response: http.ServerResponse, status: number, body: unknown, endpoint?: Endpoint) {
    const mode = endpoint ? modes[endpoint] : 'ok';
    const good = { status, contentType: 'application/json', body: JSON.stringify(body) };
    if (mode === 'ok') {
      response.writeHead(status, { 'content-type': good.contentType }).end(good.body);
      return;
    }
    const fault = mode === 'fail' ? 'error-500' : mode;
    // X gave up on by the app before the whole answer was sent (the fake cutting it off does not count).
    response.on('close', () => {
      if (!response.writableFinished && fault !== 'cut-off') abandoned[endpoint!]++;
    });
    answerWithFault(response, fault, good, timers.later, lateMs[endpoint!]);
  }

  function bearer(request: http.IncomingMessage): FakeXUser | undefined {
    return tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
  }

  async function readBody(request: http.IncomingMessage): Promise<URLSearchParams> {
    let text = '';
    for await (const chunk of request) text += chunk;
    return new URLSearchParams(text);
  }

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-x');
    received.push({ method: request.method ?? 'GET', path: url.pathname, query: url.search.replace(/^\?/, '') });

    if (url.pathname === '/i/oauth2/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (authorizeError) {
        redirect.searchParams.set('error', authorizeError);
        redirect.searchParams.set('error_description', 'The user denied access');
      } else {
        const code = randomBytes(8).toString('hex');
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          user: nextUser,
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      response.writeHead(302, { location: redirect.toString() }).end();
      return;
    }

    if (url.pathname === '/2/oauth2/token' && request.method === 'POST') {
      const form = await readBody(request);
      const grant = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'invalid_request' }, 'token');
      }
      codes.delete(form.get('code') ?? '');
      const accessToken = randomBytes(12).toString('hex');
      tokens.set(accessToken, grant.user);
      return json(response, 200, { access_token: accessToken, refresh_token: `r-${accessToken}`, expires_in: 7200 }, 'token');
    }

    if (url.pathname === '/2/users/me') {
      const user = bearer(request);
      if (!user) return json(response, 401, { title: 'Unauthorized' }, 'me');
      return json(
        response,
        200,
        {
          data: {
            id: user.id,
            username: user.username,
            verified_type: user.verifiedType ?? 'none',
            created_at: (user.createdAt ?? defaultCreatedAt).toISOString(),
            public_metrics: { followers_count: user.followers ?? defaultFollowers, following_count: 12, tweet_count: 340, listed_count: 0 },
          },
        },
        'me',
      );
    }

    const tweet = /^\/2\/tweets\/(\d+)$/.exec(url.pathname);
    if (tweet) {
      if (!bearer(request)) return json(response, 401, { title: 'Unauthorized' }, 'tweets');
      const post = posts.get(tweet[1]!);
      if (!post) return json(response, 200, { errors: [{ title: 'Not Found Error', resource_id: tweet[1] }] }, 'tweets');
      const urls = (post.urls ?? []).map((expanded, index) => ({
        url: `https://t.co/fake${index}`,
        expanded_url: expanded,
        display_url: expanded.replace(/^https?:\/\//, ''),
      }));
      const data = {
        id: tweet[1],
        author_id: post.authorId,
        text: post.text,
        created_at: post.createdAt.toISOString(),
        ...(urls.length > 0 ? { entities: { urls } } : {}),
      };
      return json(response, 200, { data }, 'tweets');
    }

    json(response, 404, { title: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    /** Environment that points the app at this fake. */
    env: {
      X_CLIENT_ID: 'fake-client',
      X_CLIENT_SECRET: 'fake-secret',
      X_AUTH_URL: `${base}/i/oauth2/authorize`,
      X_TOKEN_URL: `${base}/2/oauth2/token`,
      X_API_BASE: base,
    },
    setNextUser(user: FakeXUser) {
      nextUser = user;
    },
    setAuthorizeError(error: string | null) {
      authorizeError = error;
    },
    /** How the endpoint answers from now on; `options.lateMs`: when a slow fault sends the good answer. */
    setMode(endpoint: Endpoint, mode: Mode, options: { lateMs?: number } = {}) {
      modes[endpoint] = mode;
      lateMs[endpoint] = options.lateMs;
    },
    /** How many calls on the endpoint the app gave up on before the answer was complete. */
    abandoned(endpoint: Endpoint): number {
      return abandoned[endpoint];
    },
    addPost(id: string, post: FakeXPost) {
      posts.set(id, post);
    },
    setVerified(userId: string, verifiedType: FakeXUser['verifiedType']) {
      for (const user of tokens.values()) if (user.id === userId) user.verifiedType = verifiedType;
      if (nextUser.id === userId) nextUser = { ...nextUser, verifiedType };
    },
    /** Changes what X answers about an account from now on, also for tokens already issued. */
    setUserMetrics(userId: string, metrics: { createdAt?: Date; followers?: number }) {
      for (const user of tokens.values()) if (user.id === userId) Object.assign(user, metrics);
      if (nextUser.id === userId) nextUser = { ...nextUser, ...metrics };
    },
    requests: received,
    async close() {
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeX = Awaited<ReturnType<typeof startFakeX>>;
