import { useLanguage } from '@client/lib/i18n/language-provider';

export function AllocationPage() {
  const { t } = useLanguage();
  return <h1>{t.pages.allocationTitle}</h1>;
}
