import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SiteHeader } from '@client/components/site-header';
import { Spinner } from '@client/components/spinner';
import { useLanguage } from '@client/app/i18n/language-provider';
import { usePublicConfig } from '@client/features/config/api/get-public-config';
import '@client/styles/demo-notice.css';

/** Shown while the server still holds the demo data set, so no one takes its figures for real ones. */
function DemoDataNotice() {
  const { t } = useLanguage();
  if (usePublicConfig().data?.demoData !== true) return null;
  return (
    <p className="demo-notice" role="note">
      <strong>{t.app.demoDataLabel}</strong> {t.app.demoDataText}
    </p>
  );
}

export function RootLayout() {
  const { t } = useLanguage();

  return (
    <>
      <a className="skip-link" href="#main">
        {t.app.skipToContent}
      </a>
      <SiteHeader />
      <DemoDataNotice />
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<Spinner label={t.app.loading} />}>
          <Outlet />
        </Suspense>
      </main>
      <ScrollRestoration />
    </>
  );
}
