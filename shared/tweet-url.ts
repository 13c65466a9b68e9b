/** The social network's two host names (SPEC section 5). */
export const xHosts = ['x.com', 'twitter.com'] as const;

export const invalidTweetUrlMessage = `Please provide a valid ${xHosts[0]} or ${xHosts[1]} post URL.`;
export const invalidMemePostUrlMessage = 'Please provide a valid X post URL.';

const statusPath = /^\/(?:[A-Za-z0-9_]{1,15}|i(?:\/web)?)\/status(?:es)?\/(\d{1,25})(?:\/|$)/;

function parsed(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/** Whether a URL's host is one of the two, or its www. or mobile. name. */
function onXHost(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/^(www|mobile)\./, '');
  return (xHosts as readonly string[]).includes(host);
}

/** The post id of an X post URL on one of the two hosts (www. and mobile. allowed), or null. */
export function tweetIdFromUrl(raw: string): string | null {
  const url = parsed(raw);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !onXHost(url)) return null;
  return statusPath.exec(url.pathname)?.[1] ?? null;
}

/**
 * The address to link for a stored post URL, or null to show it as plain text: only an https: URL on
 * X's hosts is a link. A stored URL is only as good as the check it passed when stored (claims take
 * http: too; older or imported rows may hold anything), and a `javascript:` one would run as the operator.
 */
export function linkablePostUrl(raw: string): string | null {
  const url = parsed(raw);
  if (!url || url.protocol !== 'https:' || !onXHost(url) || url.username !== '' || url.password !== '') return null;
  return url.href;
}
