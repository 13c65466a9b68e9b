import { useContext, type ComponentType } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '@client/components/error-boundary';
import { ServedSignedOut } from '@client/features/session/served-signed-out';
import { loadFeatures } from './i18n/dictionaries';
import { FeatureTexts } from './i18n/feature-texts';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { Language } from '@client/lib/i18n/types';
import { preloadable } from './preloadable';
import { preloadAppBody, RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ScrollToTop } from './scroll-to-top';

export interface AppPage {
  load: () => Promise<unknown>;
  /** Shows texts outside the home page's namespaces (dictionary.ts: FeatureDictionary). */
  featureTexts: boolean;
  /**
   * Written to HTML at build time in both languages (client/src/prerender.tsx): the same for everyone,
   * or as a visitor without a session sees it, which the server sends only to a request without a
   * session cookie (server/platform/http/prerendered-pages.ts).
   */
  prerendered: false | 'for-everyone' | 'signed-out';
}

interface PageOptions {
  featureTexts?: boolean;
  prerendered?: AppPage['prerendered'];
}

/** Each page is its own chunk, so the first page ships only what it shows. */
function page<K extends string>(
  path: string,
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  { featureTexts = true, prerendered = false }: PageOptions = {},
): RouteObject {
  const { Component: Page, preload } = preloadable(async () => (await load())[name]);
  const handle: AppPage = { load: preload, featureTexts, prerendered };
  const element = featureTexts ? (
    <FeatureTexts>
      <Page />
    </FeatureTexts>
  ) : (
    <Page />
  );
  return { path, element, handle };
}

// react-router's declarative mode: its data mode (createBrowserRouter) adds ~17 KB gzipped to the
// first paint (issue 12, goal 5), and the pages load no data through it.
export const routes: RouteObject[] = [
  page('/', () => import('./routes/home'), 'HomePage', { featureTexts: false, prerendered: 'for-everyone' }),
  page('/mining', () => import('./routes/mining'), 'MiningPage'),
  page('/tokens', () => import('./routes/tokens'), 'TokensPage'),
  page('/check-tokens', () => import('./routes/check-tokens'), 'CheckTokensPage'),
  page('/calculator', () => import('./routes/calculator'), 'CalculatorPage', { featureTexts: false }),
  page('/tokenomics', () => import('./routes/tokenomics'), 'TokenomicsPage', { prerendered: 'for-everyone' }),
  page('/allocation', () => import('./routes/allocation'), 'AllocationPage', { prerendered: 'for-everyone' }),
  page('/faq', () => import('./routes/faq'), 'FaqPage', { prerendered: 'for-everyone' }),
  page('/memes', () => import('./routes/memes'), 'MemesPage', { prerendered: 'signed-out' }),
  page('/meme/:trackingCode', () => import('./routes/meme'), 'MemePage'),
  page('/admin', () => import('./routes/admin'), 'AdminPage'),
  page('/admin/*', () => import('./routes/admin'), 'AdminPage'),
  page('*', () => import('./routes/not-found'), 'NotFoundPage', { featureTexts: false, prerendered: 'for-everyone' }),
];

const pageAt = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.handle as AppPage | undefined;

/** Everything the page at this path renders with, so rendering it never suspends (hydration, prerendering). */
export async function preloadPage(pathname: string, language: Language): Promise<void> {
  const matched = pageAt(pathname);
  await Promise.all([
    preloadAppBody(),
    matched?.load(),
    matched?.featureTexts ? loadFeatures(language) : undefined,
  ]);
}

const routeError = (error: unknown) => <RouteError error={error} />;

/** The page for the current URL inside the layout; a page that fails shows the error card in its place. */
export function AppRouter() {
  const location = useLocation();
  const { language } = useLanguage();
  const element = useRoutes(routes, location);
  const matched = pageAt(location.pathname);
  const servedSignedOut = useContext(ServedSignedOut);
  const prerendered = matched?.prerendered === 'for-everyone' || (matched?.prerendered === 'signed-out' && servedSignedOut);
  // Fetched now, while the layout may still wait for the config: no request waits for another. A failure
  // shows when the page renders (the error card), not as an unhandled rejection here.
  if (matched) {
    matched.load().catch(() => undefined);
    if (matched.featureTexts) loadFeatures(language).catch(() => undefined);
  }

  return (
    <ErrorBoundary resetKey={location.pathname} fallback={routeError}>
      {/* A prerendered page's content is in the HTML already: it does not wait for the config. */}
      <RootLayout waitForConfig={!prerendered}>
        <ErrorBoundary resetKey={location.pathname} fallback={routeError}>
          {element}
        </ErrorBoundary>
      </RootLayout>
      <ScrollToTop />
    </ErrorBoundary>
  );
}
