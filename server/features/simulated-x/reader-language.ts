export type ReaderLanguage = 'en' | 'zh';

/**
 * The language of the simulated X's pages: the app's own choice when its link carries `lang` (the
 * reader picked it in the app, which keeps it in the browser's storage), else the browser's
 * Accept-Language, else English.
 */
export function readerLanguage(lang: string | undefined, acceptLanguage: string | undefined): ReaderLanguage {
  if (lang === 'en' || lang === 'zh') return lang;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.find((param) => param.trim().startsWith('q='))?.trim().slice(2) ?? 1);
      return { primary: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ primary, q }) => q > 0 && (primary === 'en' || primary === 'zh'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return preferred[0]?.primary === 'zh' ? 'zh' : 'en';
}
