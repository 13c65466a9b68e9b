export type PageLanguage = 'en' | 'zh';

const byAcceptLanguage = new Map<string, PageLanguage>();

/** The first of English and Chinese the reader prefers (q=0 refuses one), else English. */
function preferredLanguage(acceptLanguage: string): PageLanguage {
  const ranked = acceptLanguage
    .toLowerCase()
    .split(',')
    .map((part, position) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { primary: tag.trim().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, position };
    })
    .filter((entry) => entry.weight > 0 && (entry.primary === 'zh' || entry.primary === 'en'))
    .sort((a, b) => b.weight - a.weight || a.position - b.position);
  return ranked[0]?.primary === 'zh' ? 'zh' : 'en';
}

/**
 * The language a page is answered in: the reader's choice (the `lang` cookie the client writes), else
 * their browser's Accept-Language (zh… is Chinese), else English. Accept-Language values are
 * remembered like accept-encoding's in spa.ts, bounded.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): PageLanguage {
  if (cookie === 'zh' || cookie === 'en') return cookie;
  if (!acceptLanguage) return 'en';
  let language = byAcceptLanguage.get(acceptLanguage);
  if (language === undefined) {
    language = preferredLanguage(acceptLanguage);
    if (byAcceptLanguage.size >= 100) byAcceptLanguage.clear();
    byAcceptLanguage.set(acceptLanguage, language);
  }
  return language;
}
