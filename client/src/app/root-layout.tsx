import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteHeader } from '@client/components/site-header';
import { Spinner } from '@client/components/spinner';
import { useLanguage } from '@client/app/i18n/language-provider';

export function RootLayout() {
  const { t } = useLanguage();

  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <SiteHeader />
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<Spinner label={t.app.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </>
  );
}
