// Characters that draw nothing or are not text: controls (the newline stays: it splits captions),
// format characters (zero-width, bidi overrides, soft hyphen, BOM), the other default-ignorables
// (Hangul fillers, variation selectors, tags) and lone surrogates. A NUL breaks the image renderer,
// a caption of only these leaves it nothing to draw, and a bidi override makes the text lie.
const invisible = /(?!\n)[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;
// Space-like characters JavaScript's \s does not know; the Braille blank is the usual "invisible name".
const blank = /[\t\v\f\u0085\u2800]/g;

/**
 * Meme text (a visitor's prompt, a generated caption) made safe to store, show and draw: line
 * breaks kept as \n, tabs and blank look-alikes as spaces, invisible characters removed.
 */
export function cleanMemeText(text: string): string {
  return text.replace(/\r\n?|\u2028|\u2029/g, '\n').replace(blank, ' ').replace(invisible, '');
}

/**
 * The share image's caption rule (SPEC section 7): text before any # or @, split into top and
 * bottom on a newline or slash, otherwise halved by words.
 */
export function splitMemeText(text: string): { top: string; bottom: string } {
  const caption = (cleanMemeText(text).split(/[#@]/)[0] ?? '').trim();
  const explicit = caption.match(/^([^\n/]*)[\n/]([\s\S]*)$/);
  if (explicit) return { top: tidy(explicit[1]!), bottom: tidy(explicit[2]!.replace(/[\n/]+/g, ' ')) };
  const words = tidy(caption).split(' ').filter(Boolean);
  if (words.length === 0) return { top: '', bottom: '' };
  if (words.length === 1) return { top: words[0]!, bottom: '' };
  const half = Math.ceil(words.length / 2);
  return { top: words.slice(0, half).join(' '), bottom: words.slice(half).join(' ') };
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
