/** The old way, for browsers without the Clipboard API (plain http) or where it is refused. */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

export type CopyOutcome = 'copied' | 'copiedInstead' | 'failed';

/** Copies with the Clipboard API, falling back to a hidden textarea; says which way worked. */
export async function copyText(text: string): Promise<CopyOutcome> {
  try {
    if (!navigator.clipboard) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return copyWithTextarea(text) ? 'copiedInstead' : 'failed';
  }
}
