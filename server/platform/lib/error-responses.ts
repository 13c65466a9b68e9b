import { ErrorResponseSchema } from '@shared/schemas/errors';

type ErrorBody = typeof ErrorResponseSchema;

/**
 * A route's error answers for its response schema, each the house's `{ error, message }` body:
 * `response: { 200: XSchema, ...errorResponses(400, 401, 404) }`. The OpenAPI document gives each
 * status its shared description.
 */
export function errorResponses<Status extends number>(...statuses: Status[]): { [S in Status]: ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponseSchema])) as { [S in Status]: ErrorBody };
}
