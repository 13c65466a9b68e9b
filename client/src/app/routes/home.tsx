import { useLanguage } from '@client/lib/i18n/language-provider';

export function HomePage() {
  const { t } = useLanguage();
  return <h1>{t.pages.homeTitle}</h1>;
}
