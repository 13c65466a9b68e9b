import { StrictMode, type ReactNode } from 'react';
import type { Language } from '@client/lib/i18n/types';
import { LanguageProvider } from '@client/lib/i18n/language-provider';
import { ServedSignedOut } from '@client/features/session/served-signed-out';
import { dictionaryFor, loadDictionary } from './i18n/dictionaries';
import { AppRouter } from './router';

interface AppProps {
  /** Its core texts are loaded already. */
  language: Language;
  /** BrowserRouter in the browser, StaticRouter when prerendering: the rest of the tree is the same. */
  router: (children: ReactNode) => ReactNode;
  /** The page is hydrated over HTML prerendered as a visitor without a session sees it. */
  servedSignedOut?: boolean;
}

/** The whole app, as the browser renders it and as the build prerenders it. */
export function App({ language, router, servedSignedOut = false }: AppProps) {
  return (
    <StrictMode>
      <ServedSignedOut.Provider value={servedSignedOut}>
        {router(
          <LanguageProvider initialLanguage={language} dictionaryFor={dictionaryFor} loadDictionary={loadDictionary}>
            <AppRouter />
          </LanguageProvider>,
        )}
      </ServedSignedOut.Provider>
    </StrictMode>
  );
}
