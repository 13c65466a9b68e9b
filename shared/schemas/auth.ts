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
  /** True once the wallet has signed in with a signature: address-only login is refused from then on. */
  walletProtected: Type.Boolean(),
});
export type User = Static<typeof UserSchema>;

export const ChallengeBodySchema = Type.Object(
  { walletAddress: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type ChallengeBody = Static<typeof ChallengeBodySchema>;

/** The message the wallet must sign, exactly as given, before `expiresAt` (ISO 8601). */
export const ChallengeResponseSchema = Type.Object({
  message: Type.String(),
  expiresAt: Type.String(),
});
export type ChallengeResponse = Static<typeof ChallengeResponseSchema>;

/** Answered by LoginResponseSchema; the session it opens is proven. */
export const VerifyBodySchema = Type.Object(
  {
    walletAddress: Type.String({ maxLength: 200 }),
    message: Type.String({ maxLength: 2000 }),
    /** Base64: BIP-322 simple, or a legacy "Bitcoin Signed Message" (BIP-137) signature. */
    signature: Type.String({ minLength: 1, maxLength: 2000 }),
    /** Which wallet signed (e.g. "Xverse"), shown beside the proof. */
    walletName: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type VerifyBody = Static<typeof VerifyBodySchema>;

/** The signing formats a pasted or wallet signature can have (see docs/wallets.md). */
export const SignatureFormatSchema = Type.Union([
  /** 65 bytes with a BIP-137 or Electrum header. */
  Type.Literal('legacy'),
  /** BIP-322 simple by a P2WPKH or P2SH-P2WPKH key. */
  Type.Literal('bip322-segwit'),
  /** BIP-322 simple by a taproot key. */
  Type.Literal('bip322-taproot'),
  /** BIP-322 of a script (multisig, tapscript). */
  Type.Literal('bip322-script'),
]);
export type SignatureFormat = Static<typeof SignatureFormatSchema>;

/** Why a well-formed signature did not prove the wallet, where the signature tells it. */
export const SignatureInvalidReasonSchema = Type.Union([
  /** Made with another address's key (`signer` names it when the signature carries the key). */
  Type.Literal('other-address'),
  /** This address's key, but over other text than the challenge. */
  Type.Literal('other-message'),
  /** A format this kind of address cannot sign with (`signatureFormat` says which was sent). */
  Type.Literal('wrong-format'),
  /** Does not verify, and the signature does not say why. */
  Type.Literal('not-verified'),
]);
export type SignatureInvalidReason = Static<typeof SignatureInvalidReasonSchema>;

/** 401 of /api/auth/verify: the error body, and for SIGNATURE_INVALID the reason. */
export const VerifyRefusedSchema = Type.Object({
  error: Type.String(),
  message: Type.String(),
  reason: Type.Optional(SignatureInvalidReasonSchema),
  signer: Type.Optional(Type.String()),
  signatureFormat: Type.Optional(SignatureFormatSchema),
});

export const LoginResponseSchema = Type.Object({ user: UserSchema });
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const TwitterAccountSchema = Type.Object({
  handle: Type.String(),
  isVerified: Type.Boolean(),
});
export type TwitterAccount = Static<typeof TwitterAccountSchema>;

/** How the current session was opened: with a verified wallet signature, or by address alone. */
export const SessionProofSchema = Type.Object({
  proven: Type.Boolean(),
  /** The wallet that signed (e.g. "Unisat"), as the page reported it; null for an address-only session. */
  walletName: Type.Union([Type.String(), Type.Null()]),
});
export type SessionProof = Static<typeof SessionProofSchema>;

export const UserDataResponseSchema = Type.Object({
  user: UserSchema,
  twitterAccount: Type.Union([TwitterAccountSchema, Type.Null()]),
  proof: SessionProofSchema,
});
export type UserDataResponse = Static<typeof UserDataResponseSchema>;

export const UsernameParamsSchema = Type.Object({ username: Type.String({ minLength: 1, maxLength: 200 }) });

export const OkResponseSchema = Type.Object({ ok: Type.Literal(true) });
