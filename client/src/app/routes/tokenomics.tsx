import { useLanguage } from '@client/lib/i18n/language-provider';

export function TokenomicsPage() {
  const { t } = useLanguage();
  return <h1>{t.pages.tokenomicsTitle}</h1>;
}
