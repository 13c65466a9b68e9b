/**
 * A post's words for the duplicate check: what a farmer cannot change without rewriting the post.
 * NFKC folds look-alike forms (full-width letters, ligatures) into one; links, mentions, hashtags,
 * emoji, punctuation and symbols are dropped; case and runs of whitespace do not count.
 */

const links = /(?:https?:\/\/|www\.)\S*/giu;
const mentions = /@[\p{L}\p{N}_]+/gu;
// `#BRC2.0` is one tag here, as the tweet rules read it.
const hashtags = /[#＃][\p{L}\p{N}_]+(?:\.\p{N}+)?/gu;
// Pictographs, skin tones, flags and the joiners and selectors that glue emoji sequences together.
// eslint-disable-next-line no-misleading-character-class -- joiners and variation selectors are removed one by one, not as parts of a sequence
const emoji = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\u200d\ufe0e\ufe0f\u20e3]/gu;
// Everything that is neither a letter, a mark nor a number: punctuation, symbols, controls, spaces.
const notWords = /[^\p{L}\p{M}\p{N}]+/gu;

export function normalizePostText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(links, ' ')
    .replace(mentions, ' ')
    .replace(hashtags, ' ')
    .replace(emoji, ' ')
    .replace(notWords, ' ')
    .trim();
}

/**
 * Below this many characters (after normalizing) a post is not checked: short texts ("gm frens")
 * coincide honestly, and a meme post is mostly its link and hashtags, the meme itself being unique.
 */
export const minCheckedLength = 30;

/**
 * The text a claim is judged (and remembered) by, or null when there is too little of it. `ownText`
 * is text the server wrote for this claim (a meme's caption): it is taken out, since it proves nothing.
 */
export function checkedText(postText: string, ownText: string | null = null): string | null {
  let text = normalizePostText(postText);
  const own = ownText ? normalizePostText(ownText) : '';
  if (own) text = text.replace(own, ' ').replace(/\s+/gu, ' ').trim();
  return [...text].length >= minCheckedLength ? text : null;
}
