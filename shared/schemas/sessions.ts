import { type Static, Type } from 'typebox';

/** A short, non-secret name for a session: enough to tell sessions apart and end one, never its id. */
export const SessionHandleSchema = Type.String({ pattern: '^[0-9a-f]{16}$' });

export const SessionSummarySchema = Type.Object({
  handle: SessionHandleSchema,
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
  /** Opened with a wallet signature (and which wallet the page said signed), or by address alone. */
  proven: Type.Boolean(),
  walletName: Type.Union([Type.String(), Type.Null()]),
  /** The session this request was made with. */
  current: Type.Boolean(),
});
export type SessionSummary = Static<typeof SessionSummarySchema>;

export const SessionListResponseSchema = Type.Object({ sessions: Type.Array(SessionSummarySchema) });

export const SessionHandleParamsSchema = Type.Object({ handle: SessionHandleSchema });
