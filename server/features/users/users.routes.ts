import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserDataResponseSchema, UsernameParamsSchema } from '@shared/schemas/auth';
import { normalizeWallet } from '@shared/wallet';
import { errorResponses } from '../../platform/lib/error-responses.js';
import { findTwitterAccountByUser, toTwitterAccountView } from '../x-auth/index.js';
import { toUserView } from './user-view.js';

/** User data is private: only the session's own user can read it. */
const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:username',
    {
      schema: {
        tags: ['Users'],
        summary: 'My user data, linked X account and wallet proof',
        params: UsernameParamsSchema,
        response: {
          200: UserDataResponseSchema,
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const user = await request.requireSelf({ walletAddress: normalizeWallet(request.params.username) });
      const account = await findTwitterAccountByUser(app.db, user.id);
      const proof = (await request.sessionProof()) ?? { proven: false, walletName: null };
      return { user: toUserView(user), twitterAccount: account ? toTwitterAccountView(account) : null, proof };
    },
  );
};

export default usersRoutes;
