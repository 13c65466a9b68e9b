import type { App } from '../../server/app.js';

/** The two ways to claim points for a post on X, as the page sends them. */

export function requestTweetClaim(
  app: App,
  session: { cookie: string; userId: number },
  payload: Record<string, unknown>,
  options: { remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/tweets/post',
    ...options,
    headers: { cookie: session.cookie },
    payload: { userId: session.userId, ...payload },
  });
}

export function requestMemeClaim(
  app: App,
  session: { cookie: string },
  sessionToken: string,
  tweetId: string,
  tweetUrl = `https://x.com/someone/status/${tweetId}`,
  options: { remoteAddress?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/memes/post',
    ...options,
    headers: { cookie: session.cookie },
    payload: { sessionToken, tweetId, tweetUrl },
  });
}
