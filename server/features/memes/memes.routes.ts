import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  GenerateMemeBodySchema,
  MemeListResponseSchema,
  MemeSchema,
  PopularMemesResponseSchema,
  PostMemeBodySchema,
  PostMemeResponseSchema,
  PublicMemeSchema,
  TemplatesResponseSchema,
  TrackingCodeParamsSchema,
} from '@shared/schemas/memes';
import { CooldownErrorSchema } from '@shared/schemas/tweets';
import { notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { memeView, publicMemeView } from './meme-view.js';
import { listPostedMemes, listUserMemes, findMemeByTrackingCode } from './memes.repository.js';
import { generateMeme, memeNotFoundMessage, postMeme, type MemeDeps } from './memes.service.js';

const tags = ['Memes'];
const failures = { ...errorResponses(400, 401, 403, 404, 409, 502), 429: CooldownErrorSchema };

const memesRoutes: FastifyPluginAsyncTypebox<{ deps: Omit<MemeDeps, 'db'> }> = async (app, { deps: partial }) => {
  const deps: MemeDeps = { ...partial, db: app.db };

  app.get(
    '/templates',
    { schema: { tags, summary: 'Meme templates', response: { 200: TemplatesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { templates: deps.templates.list() };
    },
  );

  app.get(
    '/templates/:id/artwork.png',
    {
      schema: {
        tags,
        summary: "A template's artwork",
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: {
          200: {
            description: 'The artwork',
            content: { 'image/png': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) => {
      const artwork = deps.templates.artwork(request.params.id);
      if (!artwork) throw notFound('TEMPLATE_NOT_FOUND', 'No such template.');
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(await artwork);
    },
  );

  app.post(
    '/generate',
    {
      onRequest: [app.walletProofGate, app.costLimit.generation],
      schema: {
        tags,
        summary: 'Generate a meme from a template and a prompt',
        body: GenerateMemeBodySchema,
        response: { 200: MemeSchema, ...failures, ...errorResponses(429) },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.body.userId });
      return generateMeme(deps, user, request.body);
    },
  );

  app.post(
    '/post',
    {
      // One claim budget with tweets (CLAIM_RATE_LIMIT): 429 RATE_LIMITED.
      onRequest: [app.walletProofGate, app.costLimit.claim],
      schema: {
        tags,
        summary: 'Claim points for a meme I posted on X',
        body: PostMemeBodySchema,
        response: { 200: PostMemeResponseSchema, ...failures },
      },
    },
    async (request) => postMeme(deps, await request.requireUser(), request.body),
  );

  app.get(
    '/user/:userId',
    {
      schema: {
        tags,
        summary: 'My memes',
        params: Type.Object({ userId: Type.Integer({ minimum: 1 }) }),
        response: { 200: MemeListResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.params.userId });
      return { memes: (await listUserMemes(app.db, user.id)).map((row) => memeView(deps, row)) };
    },
  );

  app.get(
    '/popular',
    { schema: { tags, summary: 'Claimed memes, newest first', response: { 200: PopularMemesResponseSchema } } },
    async () => ({ memes: (await listPostedMemes(app.db)).map((row) => publicMemeView(deps, row)) }),
  );

  app.get(
    '/share/:trackingCode',
    {
      schema: {
        tags,
        summary: 'A shared meme by its tracking code',
        params: TrackingCodeParamsSchema,
        // Public: a shared page is for anyone the link reaches, so no 401 (and no session in the document).
        response: { 200: PublicMemeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const meme = await findMemeByTrackingCode(app.db, request.params.trackingCode);
      if (!meme) throw notFound('MEME_NOT_FOUND', memeNotFoundMessage);
      return publicMemeView(deps, meme);
    },
  );
};

export default memesRoutes;
