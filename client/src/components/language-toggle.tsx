import { useEffect, useRef } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function LanguageToggle() {
  const { language, setLanguage, isTranslating, t } = useLanguage();
  const button = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);

  // Disabling the button drops keyboard focus to <body>; give it back once the switch is done.
  useEffect(() => {
    if (isTranslating || !hadFocus.current) return;
    hadFocus.current = false;
    button.current?.focus();
  }, [isTranslating]);

  return (
    <button
      ref={button}
      type="button"
      className="button button--ghost language-toggle"
      aria-busy={isTranslating}
      disabled={isTranslating}
      onClick={() => {
        hadFocus.current = document.activeElement === button.current;
        setLanguage(language === 'en' ? 'zh' : 'en');
      }}
    >
      {isTranslating ? (
        <>
          <span className="spinner spinner--small" aria-hidden="true" />
          <span className="visually-hidden">{t.language.switchLabel}: </span>
          <span>{t.language.translating}</span>
        </>
      ) : (
        <>
          {/* The visible language name stays part of the accessible name (WCAG 2.5.3). */}
          <span className="visually-hidden">{t.language.switchLabel}: </span>
          <span lang={t.language.otherLanguageCode}>{t.language.otherLanguageName}</span>
        </>
      )}
    </button>
  );
}
