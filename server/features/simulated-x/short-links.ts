import { randomBytes } from 'node:crypto';
import twitterText from 'twitter-text';

export interface PostLink {
  url: string;
  expanded_url: string;
  display_url: string;
}

/**
 * What X does to a post's links: each one it recognises becomes a t.co link in the text, and the
 * original is kept as `entities.urls[].expanded_url`. Links X does not recognise (an IP address,
 * localhost) stay in the text as written, as on X.
 */
export function shortenLinks(text: string): { text: string; links: PostLink[] } {
  let shortened = text;
  const links: PostLink[] = [];
  // From the end, so the indices of the links before stay valid.
  for (const { url, indices } of twitterText.extractUrlsWithIndices(text).reverse()) {
    const short = `https://t.co/${randomBytes(8).toString('base64url').slice(0, 10)}`;
    shortened = `${shortened.slice(0, indices[0])}${short}${shortened.slice(indices[1])}`;
    links.unshift({
      url: short,
      expanded_url: /^https?:\/\//i.test(url) ? url : `http://${url}`,
      display_url: url.replace(/^https?:\/\//i, ''),
    });
  }
  return { text: shortened, links };
}
