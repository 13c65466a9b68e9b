import { useLanguage } from '@client/lib/i18n/language-provider';

export function TokensPage() {
  const { t } = useLanguage();
  return <h1>{t.pages.tokensTitle}</h1>;
}
