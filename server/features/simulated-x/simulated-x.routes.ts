import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config.js';
import { AppError } from '../../platform/errors.js';
import { requestCookies } from '../../platform/http/cookies.js';
import { refuseUnlessFromThisMachine } from '../../platform/simulated-x-guard.js';
import { simulatedXPrefix } from '../../platform/x-mode.js';
import { copyScript } from './copy-script.js';
import { readerLanguage } from './reader-language.js';
import { authorizePage, cannotAuthorizePage, composePage, inLanguage, postNotFoundPage, postPage } from './simulated-x.pages.js';
import {
  AuthorizeFormSchema,
  AuthorizeQuerySchema,
  ComposeFormSchema,
  ComposeQuerySchema,
  LanguageQuerySchema,
  OAuthErrorSchema,
  PostParamsSchema,
  PostResponseSchema,
  ProblemSchema,
  TokenFormSchema,
  TokenResponseSchema,
  UserResponseSchema,
} from './simulated-x.schemas.js';
import {
  type AuthorizeRequest,
  createSimulatedX,
  handlePattern,
  postUrl,
  type SimulatedAccount,
  SimulatedXError,
} from './simulated-x.service.js';

const accountCookie = 'simulated_x_account';
const cookieMaxAgeSeconds = 30 * 24 * 60 * 60;

function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // The app's no-referrer policy makes a browser send `Origin: null` with these pages' forms;
      // same-origin keeps the real Origin for the check below and still tells other sites nothing.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(body)
  );
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** The client id of HTTP Basic authentication (`id:secret`), as X's token endpoint reads it. */
function basicClientId(authorization: string | undefined): string | undefined {
  const match = /^Basic (.+)$/i.exec(authorization ?? '');
  return match ? Buffer.from(match[1]!, 'base64').toString('utf8').split(':')[0] : undefined;
}

/**
 * The built-in stand-in for X (issue 8, "try it all locally"), registered only when config.x.mode is
 * 'simulated': the OAuth 2.0 authorize page and token endpoint, /2/users/me and /2/tweets/{id} in
 * X's shapes, so the app's X client talks to it unchanged, and a compose page that publishes a post.
 */
const simulatedXRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const redirectUri = config.x.redirectUrl ?? `${config.publicUrl}/api/auth/twitter/callback`;
  const x = createSimulatedX({ clientId: config.x.clientId ?? '', redirectUri });
  const publicOrigin = new URL(config.publicUrl).origin;

  // Form posts exist only here: the app's own API accepts JSON and multipart only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onRequest', refuseUnlessFromThisMachine);
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (request.method !== 'POST' || origin === undefined) return;
    if (origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
      throw new AppError(403, 'BAD_ORIGIN', 'This request came from another site and was refused.');
    }
  });

  function signedInAccount(request: FastifyRequest): SimulatedAccount | null {
    const raw = requestCookies(request)[accountCookie];
    const unsigned = raw ? request.unsignCookie(raw) : null;
    return unsigned?.valid && unsigned.value && handlePattern.test(unsigned.value) ? x.account(unsigned.value) : null;
  }

  const languageOf = (request: { query: { lang?: string }; headers: FastifyRequest['headers'] }) =>
    readerLanguage(request.query.lang, request.headers['accept-language']);

  app.get('/i/oauth2/authorize', { schema: { querystring: AuthorizeQuerySchema } }, async (request, reply) => {
    const language = languageOf(request);
    const { lang: _lang, ...oauth } = request.query;
    const problem = x.authorizeProblem(oauth);
    if (problem) return html(reply, 400, cannotAuthorizePage(language, problem));
    const handle = signedInAccount(request)?.username ?? '';
    return html(reply, 200, authorizePage(language, oauth, { handle, problem: null }));
  });

  app.post('/i/oauth2/authorize', { schema: { querystring: LanguageQuerySchema, body: AuthorizeFormSchema } }, async (request, reply) => {
    const language = languageOf(request);
    const { handle = '', verified, newAccount, action, ...authorize } = request.body;
    const oauth: AuthorizeRequest = authorize;
    const problem = x.authorizeProblem(oauth);
    if (problem) return html(reply, 400, cannotAuthorizePage(language, problem));
    const state = oauth.state ?? '';
    if (action === 'deny') {
      const denied = { error: 'access_denied', error_description: 'The user cancelled on the simulated X', state };
      return reply.redirect(withParams(redirectUri, denied), 303);
    }
    const handleProblem = x.handleProblem(handle);
    if (handleProblem) return html(reply, 400, authorizePage(language, oauth, { handle, problem: handleProblem }));

    const { code, account } = x.approve(oauth, handle, verified === '1', newAccount === '1');
    reply.setCookie(accountCookie, account.username, {
      path: simulatedXPrefix,
      httpOnly: true,
      sameSite: 'lax',
      signed: true,
      maxAge: cookieMaxAgeSeconds,
    });
    return reply.redirect(withParams(redirectUri, { state, code }), 303);
  });

  app.post(
    '/2/oauth2/token',
    { schema: { body: TokenFormSchema, response: { 200: TokenResponseSchema, 400: OAuthErrorSchema } } },
    async (request, reply) => {
      const clientId = basicClientId(request.headers.authorization) ?? request.body.client_id;
      try {
        return x.token(request.body, clientId);
      } catch (error) {
        if (!(error instanceof SimulatedXError)) throw error;
        return reply.status(400).send({ error: 'invalid_request', error_description: error.message });
      }
    },
  );

  app.get('/2/users/me', { schema: { response: { 200: UserResponseSchema, 401: ProblemSchema } } }, async (request, reply) => {
    const account = x.bearer(request.headers.authorization);
    if (!account) return reply.status(401).send({ title: 'Unauthorized', detail: 'Unauthorized' });
    const verifiedType = account.verified ? ('blue' as const) : ('none' as const);
    return {
      data: {
        id: account.id,
        username: account.username,
        name: account.username,
        verified: account.verified,
        verified_type: verifiedType,
        created_at: new Date(account.createdAt).toISOString(),
        public_metrics: { followers_count: account.followers, following_count: 0, tweet_count: 0, listed_count: 0 },
      },
    };
  });

  app.get(
    '/2/tweets/:id',
    { schema: { params: PostParamsSchema, response: { 200: PostResponseSchema, 401: ProblemSchema } } },
    async (request, reply) => {
      if (!x.bearer(request.headers.authorization)) return reply.status(401).send({ title: 'Unauthorized', detail: 'Unauthorized' });
      const { id } = request.params;
      const post = x.post(id);
      if (!post) {
        return { errors: [{ title: 'Not Found Error', detail: `Could not find tweet with id: [${id}].`, resource_id: id }] };
      }
      const data = {
        id: post.id,
        author_id: post.author.id,
        text: post.apiText,
        created_at: new Date(post.createdAt).toISOString(),
        ...(post.links.length > 0 ? { entities: { urls: post.links } } : {}),
      };
      return { data };
    },
  );

  app.get('/intent/tweet', { schema: { querystring: ComposeQuerySchema } }, async (request, reply) =>
    html(reply, 200, composePage(languageOf(request), { text: request.query.text ?? '', account: signedInAccount(request), problem: null })),
  );

  app.post('/intent/tweet', { schema: { querystring: LanguageQuerySchema, body: ComposeFormSchema } }, async (request, reply) => {
    const language = languageOf(request);
    const text = request.body.text ?? '';
    const account = signedInAccount(request);
    if (!account) return html(reply, 401, composePage(language, { text, account, problem: null }));
    const problem = x.postProblem(account, text);
    if (problem) return html(reply, 400, composePage(language, { text, account, problem }));
    const post = x.publish(account, text);
    return reply.redirect(inLanguage(`/status/${post.id}`, language), 303);
  });

  app.get('/status/:id', { schema: { params: PostParamsSchema, querystring: LanguageQuerySchema } }, async (request, reply) => {
    const language = languageOf(request);
    const post = x.post(request.params.id);
    if (!post) return html(reply, 404, postNotFoundPage(language));
    return html(reply, 200, postPage(language, post, postUrl(post)));
  });

  app.get('/copy.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(copyScript),
  );
};

export default simulatedXRoutes;
