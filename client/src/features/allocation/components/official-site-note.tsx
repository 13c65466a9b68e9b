import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** Against phishing copies: what this site never asks for. */
export function OfficialSiteNote() {
  const { t } = useLanguage();
  const headingId = useId();
  return (
    <section className="card alloc-official" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.allocation.officialTitle}</h2>
      <p>{t.allocation.officialText}</p>
    </section>
  );
}
