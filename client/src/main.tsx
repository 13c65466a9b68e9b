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

const start = () => {
  // react-dom is a chunk of its own, evaluated in a task apart from the entry's (the largest library,
  // and nothing before hydration needs it).
  void Promise.all([import('react-dom/client'), loadCore(language).catch(() => undefined), hydrate && preloadPage(window.location.pathname, language).catch(() => undefined)])
    .then(([{ createRoot, hydrateRoot }]) => {
      const app = (shown: Language) => (
        <App language={shown} servedSignedOut={servedSignedOut} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />
      );
      // Typed into the prerendered page meanwhile: rendering puts each field back to its state.
      keepTypedValues(container);
      if (hydrate) hydrateRoot(container, app(language));
      else createRoot(container).render(app(isCoreLoaded(language) ? language : 'en'));
    });
};

// Started in a task of its own rather than from the entry's top level. Evaluating the entry and
// requesting the page's chunks (Vite's helper adds a <link> per chunk) are then two tasks, each shorter
// than the one long task they made together on a phone. And a request made while the entry runs has V8
// collect source positions for the whole file when a tracer asks for stacks, as Lighthouse does: a
// second parse of it on the main thread.
setTimeout(start, 0);
