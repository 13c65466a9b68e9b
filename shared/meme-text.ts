/**
 * The share image's caption rule (SPEC section 7): text before any # or @, split into top and
 * bottom on a newline or slash, otherwise halved by words.
 */
export function splitMemeText(text: string): { top: string; bottom: string } {
  const caption = (text.split(/[#@]/)[0] ?? '').trim();
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
