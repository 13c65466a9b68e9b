import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Spinner } from '@client/components/spinner';
import { LazyToaster } from '@client/components/toast/lazy-toaster';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { refreshConfigOnLaunchError, usePublicConfig } from '@client/features/config/api/get-public-config';
import { LaunchBanners } from '@client/features/config/components/launch-banners';
import { SessionProvider } from '@client/features/session/session-provider';
import { createQueryClient } from '@client/lib/query-client';
import '@client/styles/page-strips.css';

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

interface PageAreaProps {
  waitForConfig: boolean;
  children: ReactNode;
}

function PageArea({ waitForConfig, children }: PageAreaProps) {
  const { t } = useLanguage();
  // A page rendered in the browser waits for the config (fetched alongside its code): what it shows
  // depends on it (mining open or closed, the reveal), and a loading state first would only move its
  // content when the config answers. A prerendered page is in the HTML already and cannot wait.
  const configPending = usePublicConfig().isPending;

  return (
    <>
      <main id="main" className="page" tabIndex={-1}>
        {waitForConfig && configPending ? null : <Suspense fallback={<Spinner label={t.app.loading} />}>{children}</Suspense>}
      </main>
      {/* After <main> and kept in view at the bottom (page-strips.css): arriving with the config, they move nothing. */}
      <div className="page-strips">
        <LaunchBanners />
        <DemoDataNotice />
      </div>
    </>
  );
}

/**
 * Everything below the header: the data layer (react-query, the session), the demo notice and the page.
 * A chunk of its own, fetched alongside the page's, so the header paints without react-query.
 */
export function AppBody({ waitForConfig, children }: PageAreaProps) {
  const [queryClient] = useState(() => createQueryClient(refreshConfigOnLaunchError));

  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <PageArea waitForConfig={waitForConfig}>{children}</PageArea>
        <LazyToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
