import { useLanguage } from '@client/lib/i18n/language-provider';

export function FaqPage() {
  const { t } = useLanguage();
  return <h1>{t.pages.faqTitle}</h1>;
}
