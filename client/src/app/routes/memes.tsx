import { useLanguage } from '@client/lib/i18n/language-provider';

export function MemesPage() {
  const { t } = useLanguage();
  return <h1>{t.pages.memesTitle}</h1>;
}
