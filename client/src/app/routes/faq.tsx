import { FaqDisclaimer } from '@client/features/tokenomics/components/faq-disclaimer';
import { FaqList } from '@client/features/tokenomics/components/faq-list';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function FaqPage() {
  const { t } = useLanguage();
  return (
    <div className="tk-page stack">
      <div>
        <h1>{t.pages.faqTitle}</h1>
        <p className="muted">{t.tokenomics.faq.intro}</p>
      </div>
      <FaqList />
      <FaqDisclaimer />
    </div>
  );
}
