import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { isCoreLoaded, loadCore } from '@client/app/i18n/dictionaries';
import { readStoredLanguage } from '@client/lib/i18n/language-provider';
import type { Language } from '@client/lib/i18n/types';
import { App } from '@client/app/app';
import { preloadPage } from '@client/app/router';
import { keepTypedValues } from '@client/lib/typed-before-hydration';
import '@client/styles/global.css';
import '@client/styles/controls.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// A prerendered page came in the language the server chose (the cookie, else Accept-Language): it is
// hydrated once everything it renders with is here, so hydration never suspends. A language stored
// without the cookie (before there was one) wins: the page is rendered again in it, and the cookie
// follows. Otherwise a Chinese reader's texts arrive before the first render; if they cannot be
// fetched, the page opens in English.
const served: Language = document.documentElement.lang.startsWith('zh') ? 'zh' : 'en';
const stored = readStoredLanguage();
const hydrate = container.firstElementChild !== null && (stored ?? served) === served;
const language = hydrate ? served : (stored ?? 'en');
// Set by the build on a page prerendered as a visitor without a session sees it (scripts/prerender.ts).
const servedSignedOut = hydrate && container.dataset.session === 'signed-out';

void Promise.all([loadCore(language), hydrate && preloadPage(window.location.pathname, language)])
  .catch(() => undefined)
  .then(() => {
    const app = (shown: Language) => (
      <App language={shown} servedSignedOut={servedSignedOut} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
    );
    // Typed into the prerendered page meanwhile: rendering puts each field back to its state.
    keepTypedValues(container);
    if (hydrate) hydrateRoot(container, app(language));
    else createRoot(container).render(app(isCoreLoaded(language) ? language : 'en'));
  });
