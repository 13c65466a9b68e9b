import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function FaqDisclaimer() {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section className="card faq__disclaimer" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.tokenomics.faq.disclaimerHeading}</h2>
      <p>{t.tokenomics.faq.disclaimer}</p>
    </section>
  );
}
