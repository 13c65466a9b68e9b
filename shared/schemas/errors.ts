import { type Static, Type } from 'typebox';

/** The one error body every failing call returns (DESIGN.md, Errors). */
export const ErrorResponseSchema = Type.Object({
  error: Type.String({ description: 'Machine-readable code such as ACCOUNT_BLOCKED' }),
  message: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;
