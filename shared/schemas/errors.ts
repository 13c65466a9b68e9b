import { Type } from 'typebox';
import { errorCodes } from '../error-codes.js';

/** The one error body every failing call returns (DESIGN.md, Errors); some codes add details. */
export const ErrorResponseSchema = Type.Object(
  {
    error: Type.Union(errorCodes.map((code) => Type.Literal(code))),
    message: Type.String(),
  },
  { additionalProperties: true },
);
