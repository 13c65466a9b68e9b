const xComposeIntent = 'https://x.com/intent/tweet';

/** The page where the post is written: X's compose intent, or the simulated X's (from /api/config). */
export function composeUrl(text: string, base: string = xComposeIntent): string {
  return `${base}?text=${encodeURIComponent(text)}`;
}
