import { type Static, Type } from 'typebox';
import { TwitterAccountSchema } from './auth.js';

export const TwitterAuthResponseSchema = Type.Object({ authUrl: Type.String(), state: Type.String() });
export type TwitterAuthResponse = Static<typeof TwitterAuthResponseSchema>;

export const TwitterCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 500 })),
  error: Type.Optional(Type.String({ maxLength: 500 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const ExchangeBodySchema = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 2000 }),
    walletAddress: Type.String({ minLength: 1, maxLength: 200 }),
    state: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type ExchangeBody = Static<typeof ExchangeBodySchema>;

export const ExchangeResponseSchema = Type.Object({ message: Type.String(), twitterAccount: TwitterAccountSchema });
export type ExchangeResponse = Static<typeof ExchangeResponseSchema>;

export const VerificationSchema = Type.Object({
  isVerified: Type.Boolean(),
  /** ISO 8601 date. */
  verificationCheckedAt: Type.String(),
});
export type Verification = Static<typeof VerificationSchema>;

export const UserIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
