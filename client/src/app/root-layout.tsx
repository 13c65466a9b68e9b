import { Suspense, type ReactNode } from 'react';
import { SiteHeader } from '@client/components/site-header';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { preloadable } from './preloadable';

const { Component: AppBody, preload: preloadAppBody } = preloadable(async () => (await import('./app-body')).AppBody);

export { preloadAppBody };

interface RootLayoutProps {
  /** Keep <main> empty until the config has answered (see AppBody). */
  waitForConfig: boolean;
  children: ReactNode;
}

/** The header paints at once; below it, <main> follows once the page's data layer is here. */
export function RootLayout({ waitForConfig, children }: RootLayoutProps) {
  const { t } = useLanguage();

  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <SiteHeader />
      <Suspense fallback={<main id="main" className="page" tabIndex={-1} />}>
        <AppBody waitForConfig={waitForConfig}>{children}</AppBody>
      </Suspense>
    </>
  );
}
