/** The social network's two host names (SPEC section 5). */
export const xHosts = ['x.com', 'twitter.com'] as const;

export const invalidTweetUrlMessage = `Please provide a valid ${xHosts[0]} or ${xHosts[1]} post URL.`;
export const invalidMemePostUrlMessage = 'Please provide a valid X post URL.';

const statusPath = /^\/(?:[A-Za-z0-9_]{1,15}|i(?:\/web)?)\/status(?:es)?\/(\d{1,25})(?:\/|$)/;

/** The post id of an X post URL on one of the two hosts (www. and mobile. allowed), or null. */
export function tweetIdFromUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|mobile)\./, '');
  if (!(xHosts as readonly string[]).includes(host)) return null;
  return statusPath.exec(url.pathname)?.[1] ?? null;
}
