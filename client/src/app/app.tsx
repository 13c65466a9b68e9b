import { StrictMode, type ReactNode } from 'react';
import type { Language } from '@client/lib/i18n/types';
import { LanguageProvider } from '@client/lib/i18n/language-provider';
import { dictionaryFor, loadDictionary } from './i18n/dictionaries';
import { AppRouter } from './router';

interface AppProps {
  /** Its core texts are loaded already. */
  language: Language;
  /** BrowserRouter in the browser, StaticRouter when prerendering: the rest of the tree is the same. */
  router: (children: ReactNode) => ReactNode;
}

/** The whole app, as the browser renders it and as the build prerenders it. */
export function App({ language, router }: AppProps) {
  return (
    <StrictMode>
      {router(
        <LanguageProvider initialLanguage={language} dictionaryFor={dictionaryFor} loadDictionary={loadDictionary}>
          <AppRouter />
        </LanguageProvider>,
      )}
    </StrictMode>
  );
}
