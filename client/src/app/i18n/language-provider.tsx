import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from '@client/lib/storage';
import { htmlLang, type Language } from '@client/lib/i18n/types';
import type { Dictionary } from './dictionary';
import { en } from './en';
import { zh } from './zh';
import { errorMessage } from './error-message';

const STORAGE_KEY = 'language';
// SPEC section 9: the switch shows a translating state for this long before applying.
const SWITCH_DELAY_MS = 500;

const dictionaries: Record<Language, Dictionary> = { en, zh };

interface LanguageContextValue {
  language: Language;
  setLanguage: (next: Language) => void;
  isTranslating: boolean;
  t: Dictionary;
  /** A failed call, told in the page's language (never raw status codes or JSON). */
  describeError: (error: unknown, fallback?: string) => string;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

function readStoredLanguage(): Language {
  return readStorage(STORAGE_KEY) === 'zh' ? 'zh' : 'en';
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setLanguageNow] = useState<Language>(readStoredLanguage);
  const [isTranslating, setIsTranslating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setLanguage = useCallback((next: Language) => {
    clearTimeout(timer.current);
    setIsTranslating(true);
    timer.current = setTimeout(() => {
      setLanguageNow(next);
      setIsTranslating(false);
    }, SWITCH_DELAY_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    writeStorage(STORAGE_KEY, language);
    document.documentElement.lang = htmlLang[language];
    document.title = dictionaries[language].app.title;
  }, [language]);

  const value = useMemo(
    () => ({
      language,
      setLanguage,
      isTranslating,
      t: dictionaries[language],
      describeError: (error: unknown, fallback?: string) => errorMessage(error, dictionaries[language], language, fallback),
    }),
    [language, setLanguage, isTranslating],
  );
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error('useLanguage must be used within a LanguageProvider');
  return context;
}
