import { lazy, Suspense, type ReactNode } from 'react';
import { SiteHeader } from '@client/components/site-header';
import { useLanguage } from '@client/lib/i18n/language-provider';

const AppBody = lazy(async () => ({ default: (await import('./app-body')).AppBody }));

/** The header paints at once; below it, <main> stays empty until the page's data layer is here. */
export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useLanguage();

  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <SiteHeader />
      <Suspense fallback={<main id="main" className="page" tabIndex={-1} />}>
        <AppBody>{children}</AppBody>
      </Suspense>
    </>
  );
}
