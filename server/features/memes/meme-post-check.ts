import { memeShareHashtags } from '@shared/brand';
import { badRequest } from '../../platform/errors.js';
import type { XPost } from '../../integrations/x-client.js';

// Punctuation a sentence may put around a link; none of it can end a tracking code.
const leadingPunctuation = /^[("'[{«「（]+/u;
const trailingPunctuation = /[)"'\]}.,;:!?»」）。，！？]+$/u;

/**
 * Every link-like piece of the text: http(s) links anywhere (up to the first space or non-ASCII
 * character, as in Chinese text), and bare words such as `host/meme/code`.
 */
function linkCandidates(text: string): string[] {
  const explicit = text.match(/https?:\/\/[!-~]+/giu) ?? [];
  const words = text.split(/\s+/u);
  return [...explicit, ...words].map((piece) => piece.replace(leadingPunctuation, '').replace(trailingPunctuation, ''));
}

const withoutTrailingSlash = (path: string) => path.replace(/\/+$/, '');

/** Same host and path as the share link; scheme, query and a trailing slash do not matter. */
function pointsTo(candidate: string, shareUrl: URL): boolean {
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(candidate) ? candidate : `https://${candidate}`);
  } catch {
    return false;
  }
  return url.host === shareUrl.host && withoutTrailingSlash(url.pathname) === withoutTrailingSlash(shareUrl.pathname);
}

const hasTag = (text: string, tag: string) => new RegExp(`${tag}(?![\\p{L}\\p{N}_])`, 'iu').test(text);

/**
 * A meme claim must show the meme: the post on X links the meme's share page and carries the share
 * hashtags. X shortens links to t.co in the text, so its expanded URLs are read as well.
 */
export function assertPostShowsMeme(post: XPost, shareUrl: string): void {
  const target = new URL(shareUrl);
  if (![...post.urls, ...linkCandidates(post.text)].some((candidate) => pointsTo(candidate, target))) {
    throw badRequest(
      'MEME_LINK_MISSING',
      `Your post on X must include your meme's link (${shareUrl}). Share it with the Share to X button, then claim with that post.`,
    );
  }
  const missing = memeShareHashtags.filter((tag) => !hasTag(post.text, tag));
  if (missing.length > 0) {
    throw badRequest(
      'MEME_HASHTAGS_MISSING',
      `Your post on X must include the share hashtags ${memeShareHashtags.join(' ')} (missing: ${missing.join(' ')}).`,
    );
  }
}
