import { type Static, Type } from 'typebox';

/**
 * `?onUnavailable=state` on an endpoint that relays an outside service (explorer, marketplace): when
 * that service cannot be reached and no earlier value is kept, answer 200 with `UpstreamUnavailable`
 * instead of 502. The site's own pages ask for this: a browser logs every 5xx answer as a console
 * error, and an outside service being down is a state the page shows, not a failure of the page.
 */
export const UpstreamQuerySchema = Type.Object({ onUnavailable: Type.Optional(Type.Literal('state')) });

export const UpstreamUnavailableSchema = Type.Object({
  unavailable: Type.Literal(true),
  error: Type.Literal('UPSTREAM_UNAVAILABLE'),
  message: Type.String(),
});
export type UpstreamUnavailable = Static<typeof UpstreamUnavailableSchema>;
