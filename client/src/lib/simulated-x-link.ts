import type { XState } from '@shared/schemas/config';
import type { Language } from './i18n/types';

/**
 * A link to the simulated X carries the reader's language: its pages are served apart from this app and
 * cannot read the choice the browser keeps in local storage. The real X picks its own language, so its
 * links are left as they are.
 */
export function inReaderLanguage(url: string, xMode: XState['mode'] | undefined, language: Language): string {
  if (xMode !== 'simulated') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}
