import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@client/components/toast/toaster';
import { SessionProvider } from '@client/features/session/session-provider';
import { LanguageProvider } from '@client/app/i18n/language-provider';
import { createQueryClient } from '@client/lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </LanguageProvider>
    </QueryClientProvider>
  );
}
