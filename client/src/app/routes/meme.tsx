import { useLanguage } from '@client/lib/i18n/language-provider';

export function MemePage() {
  const { t } = useLanguage();
  return <h1>{t.pages.memeTitle}</h1>;
}
