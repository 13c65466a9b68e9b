import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type PagesIndex, pagesFolder, pagesIndexFile } from '@shared/prerendered-pages-index';
import type { PageLanguage } from './page-language.js';

/** One HTML answer, in each encoding: read from the build's .br/.gz siblings, or compressed once here. */
export interface HtmlAnswer {
  html: string;
  br: Buffer;
  gzip: Buffer;
  status: 200 | 404;
  /** The prerendered page's language (Content-Language); undefined for index.html. */
  lang?: string;
}

export function htmlAnswer(file: string, status: HtmlAnswer['status'] = 200, lang?: string): HtmlAnswer {
  const html = fs.readFileSync(file, 'utf8');
  const read = (extension: string, compress: () => Buffer) =>
    fs.existsSync(file + extension) ? fs.readFileSync(file + extension) : compress();
  return {
    html,
    br: read('.br', () => zlib.brotliCompressSync(html)),
    gzip: read('.gz', () => zlib.gzipSync(html)),
    status,
    ...(lang ? { lang } : {}),
  };
}

const htmlLang: Record<PageLanguage, string> = { en: 'en', zh: 'zh-CN' };

/** Whether the client router would match the path with this pattern (case-insensitive, `/x/` is `/x`, `:param` one segment, a last `*` any rest). */
function matchesRoute(pattern: string, pathname: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.toLowerCase().split('/').filter(Boolean);
  const got = pathname.toLowerCase().split('/').filter(Boolean);
  const splat = want.at(-1) === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  const lengthFits = splat ? got.length >= fixed.length : got.length === fixed.length;
  return lengthFits && fixed.every((segment, index) => segment.startsWith(':') || segment === got[index]);
}

/**
 * Picks the answer for a page URL from the pages the build prerendered (client/src/prerender.tsx): the
 * exact path of a prerendered page without a query string (a page may read its query, e.g.
 * `?tab=`; index.html renders it in the browser), the not-found page (404) for a path no client route
 * matches, else null: index.html. A page prerendered as a signed-out visitor sees it (`/memes`'s join
 * card) goes only to a request without a session cookie: with one, the page depends on the session,
 * which index.html reads in the browser.
 */
export function loadPrerenderedPages(clientDir: string) {
  const folder = path.join(clientDir, pagesFolder);
  const indexFile = path.join(folder, pagesIndexFile);
  if (!fs.existsSync(indexFile)) return null;
  const index = JSON.parse(fs.readFileSync(indexFile, 'utf8')) as PagesIndex;
  const answers = new Map<string, Record<PageLanguage, HtmlAnswer>>();
  for (const [routePath, name] of Object.entries(index.pages)) {
    const status = routePath === '*' ? 404 : 200;
    const inLanguage = (language: PageLanguage) =>
      htmlAnswer(path.join(folder, language, `${name}.html`), status, htmlLang[language]);
    answers.set(routePath, { en: inLanguage('en'), zh: inLanguage('zh') });
  }
  const routePatterns = index.routePaths.filter((pattern) => pattern !== '*');
  const signedOutOnly = new Set(index.signedOutOnly);

  return (pathname: string, hasQuery: boolean, language: PageLanguage, hasSession: boolean): HtmlAnswer | null => {
    const exact = answers.get(pathname);
    if (exact && pathname !== '*') return hasQuery || (hasSession && signedOutOnly.has(pathname)) ? null : exact[language];
    // `//x` and the like: left to the client router.
    if (pathname.includes('//') || routePatterns.some((pattern) => matchesRoute(pattern, pathname))) return null;
    return answers.get('*')?.[language] ?? null;
  };
}
