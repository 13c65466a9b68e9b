import { type Static, Type } from 'typebox';
import type { ErrorCode } from '../error-codes.js';

/**
 * `?onUnavailable=state` on an endpoint that serves an optional figure (an outside service's, or one
 * the operator may not have set): when the figure cannot be had and no earlier value is kept, answer
 * 200 with an `UnavailableState` instead of the error. The site's own pages ask for this: a browser
 * logs every 4xx/5xx answer as a console error, and a figure being unavailable is a state the page
 * shows, not a failure of the page. Callers that do not ask keep the error answer.
 */
export const UpstreamQuerySchema = Type.Object({
  onUnavailable: Type.Optional(
    Type.Literal('state', {
      description: 'state: answer 200 with { unavailable: true, error, message } instead of the error when the figure cannot be had',
    }),
  ),
});

/** The 200 answer, asked for with `?onUnavailable=state`, that stands in for the error `code`. */
export function unavailableStateSchema<const Code extends ErrorCode>(code: Code) {
  return Type.Object({ unavailable: Type.Literal(true), error: Type.Literal(code), message: Type.String() });
}

export interface UnavailableState<Code extends ErrorCode = ErrorCode> {
  unavailable: true;
  error: Code;
  message: string;
}

export const UpstreamUnavailableSchema = unavailableStateSchema('UPSTREAM_UNAVAILABLE');
export type UpstreamUnavailable = Static<typeof UpstreamUnavailableSchema>;
