import type { App } from '../../server/app.js';

/** The two ways to claim points for a post on X, as the page sends them. */

export function requestTweetClaim(app: App, session: { cookie: string; userId: number }, payload: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/tweets/post',
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
) {
  return app.inject({
    method: 'POST',
    url: '/api/memes/post',
    headers: { cookie: session.cookie },
    payload: { sessionToken, tweetId, tweetUrl },
  });
}
