import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CooldownErrorSchema,
  CooldownQuerySchema,
  CooldownSchema,
  claimedTweetsPageSize,
  GenerateTweetBodySchema,
  GenerateTweetResponseSchema,
  PostTweetBodySchema,
  PostTweetResponseSchema,
  UserTweetsQuerySchema,
  UserTweetsResponseSchema,
} from '@shared/schemas/tweets';
import { normalizeWallet } from '@shared/wallet';
import type { GenerationProvider } from '../../integrations/generation/provider.js';
import type { XClient } from '../../integrations/x-client.js';
import { errorResponses } from '../../platform/lib/error-responses.js';
import type { SecretBox } from '../../platform/lib/secret-box.js';
import { type ClaimCounter, cooldownFrom } from '../claims/index.js';
import { generateTweet, postTweet, userTweets } from './tweets.service.js';

const tags = ['Tweets'];
const failures = { ...errorResponses(400, 401, 403, 409, 502), 429: CooldownErrorSchema };

interface TweetsOptions {
  x: XClient;
  box: SecretBox;
  generator: GenerationProvider;
  miningOpen: boolean;
  /** Counts each claim attempt's outcome (metrics). */
  claims?: ClaimCounter;
}

const tweetsRoutes: FastifyPluginAsyncTypebox<TweetsOptions> = async (app, { x, box, generator, miningOpen, claims }) => {
  app.post(
    '/generate-custom',
    {
      onRequest: [app.walletProofGate, app.costLimit.generation],
      schema: {
        tags,
        summary: 'Generate tweet text from a prompt',
        body: GenerateTweetBodySchema,
        response: { 200: GenerateTweetResponseSchema, ...failures, ...errorResponses(429) },
      },
    },
    async (request) => {
      await request.requireSelf({ id: request.body.userId });
      return { tweetText: await generateTweet(generator, request.body.prompt, request.body.language) };
    },
  );

  app.post(
    '/post',
    {
      // Claim attempts, tweets and memes together, per member and per IP (CLAIM_RATE_LIMIT): 429 RATE_LIMITED.
      onRequest: [app.walletProofGate, app.costLimit.claim],
      schema: {
        tags,
        summary: 'Claim points for a tweet I posted',
        body: PostTweetBodySchema,
        response: { 200: PostTweetResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.body.userId });
      return postTweet({ db: app.db, x, box, miningOpen, claims }, user, request.body);
    },
  );

  app.get(
    '/cooldown',
    {
      schema: {
        tags,
        summary: 'My tweet-claim cooldown',
        querystring: CooldownQuerySchema,
        response: { 200: CooldownSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ id: request.query.userId });
      return cooldownFrom(user.last_tweet_claim_at, Date.now());
    },
  );

  app.get(
    '/user',
    {
      schema: {
        tags,
        summary: 'My claimed tweets, paged',
        querystring: UserTweetsQuerySchema,
        response: { 200: UserTweetsResponseSchema, ...failures },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ walletAddress: normalizeWallet(request.query.wallet) });
      const { limit = claimedTweetsPageSize, offset = 0 } = request.query;
      return userTweets(app.db, user.id, { limit, offset });
    },
  );
};

export default tweetsRoutes;
