import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '@client/lib/storage';
import type { Dictionary } from './dictionary';
import { errorMessage } from './error-message';
import { languageCookie, languageCookieMaxAgeSeconds } from '@shared/page-language';
import { htmlLang, type Language } from './types';

const STORAGE_KEY = 'language';
// SPEC section 9: the switch shows a translating state for this long before applying.
const SWITCH_DELAY_MS = 500;

interface LanguageContextValue {
  language: Language;
  setLanguage: (next: Language) => void;
  isTranslating: boolean;
  t: Dictionary;
  /** A failed call, told in the page's language (never raw status codes or JSON). */
  describeError: (error: unknown, fallback?: string) => string;
}

/** Where the texts come from: app/ owns the dictionaries and how they load. */
interface LanguageProviderProps {
  /** The first render's language; its core texts are here already (main.tsx, prerender.tsx). */
  initialLanguage: Language;
  /** The language's dictionary; complete for the namespaces loaded so far. */
  dictionaryFor: (language: Language) => Dictionary;
  /** Everything a page of this language may show. */
  loadDictionary: (language: Language) => Promise<void>;
  children: ReactNode;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

/** The language this browser showed last, or null when it has none stored. */
export function readStoredLanguage(): Language | null {
  const stored = readStorage(STORAGE_KEY);
  return stored === 'zh' || stored === 'en' ? stored : null;
}

/** The server picks a prerendered page's language by this cookie (server/platform/http/page-language.ts). */
function writeLanguageCookie(language: Language): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function LanguageProvider({ initialLanguage, dictionaryFor, loadDictionary, children }: LanguageProviderProps) {
  const [language, setLanguageNow] = useState<Language>(initialLanguage);
  const [isTranslating, setIsTranslating] = useState(false);
  const latestSwitch = useRef(0);

  // The other language's texts are fetched during the translating state; if that fails (offline), the
  // page stays in its language.
  const setLanguage = useCallback((next: Language) => {
    const thisSwitch = ++latestSwitch.current;
    setIsTranslating(true);
    Promise.all([loadDictionary(next), delay(SWITCH_DELAY_MS)]).then(
      () => {
        if (thisSwitch !== latestSwitch.current) return;
        setLanguageNow(next);
        setIsTranslating(false);
      },
      () => {
        if (thisSwitch === latestSwitch.current) setIsTranslating(false);
      },
    );
  }, [loadDictionary]);

  // A switch still fetching when the provider goes away must not set state afterwards.
  useEffect(
    () => () => {
      latestSwitch.current += 1;
    },
    [],
  );

  useEffect(() => {
    writeStorage(STORAGE_KEY, language);
    writeLanguageCookie(language);
    document.documentElement.lang = htmlLang[language];
    document.title = dictionaryFor(language).app.title;
  }, [language, dictionaryFor]);

  const value = useMemo(
    () => ({
      language,
      setLanguage,
      isTranslating,
      t: dictionaryFor(language),
      describeError: (error: unknown, fallback?: string) => errorMessage(error, dictionaryFor(language), language, fallback),
    }),
    [language, setLanguage, isTranslating, dictionaryFor],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
