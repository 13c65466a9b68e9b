/**
 * The build's second entry (vite.config.ts, prerender): renders a page to HTML in Node, as the
 * browser's first render would show it. Nothing is fetched: every query is in its loading state, the
 * session is not read yet, and the page is hydrated over this HTML (main.tsx).
 */
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '@client/app/app';
import { dictionaryFor, loadDictionary } from '@client/app/i18n/dictionaries';
import { type AppPage, preloadPage, routes } from '@client/app/router';
import { htmlLang, type Language } from '@client/lib/i18n/types';
import { siteDescription } from '@shared/site-description';

const languages: readonly Language[] = ['en', 'zh'];

/** Every route's path pattern, and those written to HTML here (`*` is the not-found page). */
const routePaths = routes.map((route) => route.path ?? '*');
const prerenderedPages = routes.flatMap((route) => {
  const { prerendered } = route.handle as AppPage;
  return prerendered ? [{ routePath: route.path ?? '*', signedOut: prerendered === 'signed-out' }] : [];
});

interface RenderedPage {
  /** A route path of the router; `*` is the not-found page. */
  routePath: string;
  language: Language;
  /** Rendered as a visitor without a session sees it: served only to a request without a session cookie. */
  signedOut: boolean;
  /** The content of `<div id="root">`. */
  html: string;
  lang: string;
  title: string;
  /** The meta description, in the page's language. */
  description: string;
}

async function renderPage(url: string, language: Language, signedOut: boolean) {
  const pathname = new URL(url, 'http://localhost').pathname;
  await Promise.all([loadDictionary(language), preloadPage(pathname, language)]);
  const { prelude } = await prerender(
    <App
      language={language}
      servedSignedOut={signedOut}
      router={(children) => <StaticRouter location={url}>{children}</StaticRouter>}
    />,
  );
  return {
    html: await new Response(prelude).text(),
    lang: htmlLang[language],
    title: dictionaryFor(language).app.title,
    description: siteDescription[language],
  };
}

/** Every prerendered page in every language, and the router's paths (the server tells its pages apart by them). */
export async function renderPages(): Promise<{ routePaths: string[]; pages: RenderedPage[] }> {
  const pages: RenderedPage[] = [];
  for (const { routePath, signedOut } of prerenderedPages) {
    for (const language of languages) {
      // Any path the router does not know renders the not-found page.
      const url = routePath === '*' ? '/404' : routePath;
      pages.push({ routePath, language, signedOut, ...(await renderPage(url, language, signedOut)) });
    }
  }
  return { routePaths, pages };
}
