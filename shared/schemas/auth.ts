import { type Static, Type } from 'typebox';

export const LoginBodySchema = Type.Object(
  {
    walletAddress: Type.String({ maxLength: 200 }),
    referralCode: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBodySchema>;

export const UserSchema = Type.Object({
  id: Type.Integer(),
  walletAddress: Type.String(),
  /** Points; the spec's historical field name. */
  totalAcornMined: Type.Integer(),
});
export type User = Static<typeof UserSchema>;

export const LoginResponseSchema = Type.Object({ user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const TwitterAccountSchema = Type.Object({
  handle: Type.String(),
  isVerified: Type.Boolean(),
});
export type TwitterAccount = Static<typeof TwitterAccountSchema>;

export const UserDataResponseSchema = Type.Object({
  user: UserSchema,
  twitterAccount: Type.Union([TwitterAccountSchema, Type.Null()]),
});
export type UserDataResponse = Static<typeof UserDataResponseSchema>;

export const UsernameParamsSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 200 }) });

export const OkResponseSchema = Type.Object({ ok: Type.Literal(true) });
