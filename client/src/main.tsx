import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { dictionaryFor, isCoreLoaded, loadCore, loadDictionary } from '@client/app/i18n/dictionaries';
import { LanguageProvider, readStoredLanguage } from '@client/lib/i18n/language-provider';
import { AppRouter } from '@client/app/router';
import '@client/styles/global.css';
import '@client/styles/controls.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <LanguageProvider dictionaryFor={dictionaryFor} isCoreLoaded={isCoreLoaded} loadDictionary={loadDictionary}>
          <AppRouter />
        </LanguageProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}

// A Chinese reader's texts arrive before the first render (English ones are part of this chunk); if they
// cannot be fetched, the page opens in English.
void loadCore(readStoredLanguage())
  .catch(() => undefined)
  .then(() => render(container));
