import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { ExternalLink } from '@client/components/external-link';
import { AllocationDispute } from '@client/features/disputes';
import { useExternalLinks } from '@client/features/config';

export function NotFoundHint() {
  const { t } = useLanguage();
  const links = useExternalLinks();
  const headingId = useId();

  return (
    <section className="alloc-hint" aria-labelledby={headingId}>
      <h3 id={headingId}>{t.allocation.hintTitle}</h3>
      <p>{t.allocation.hintText}</p>
      <p className="muted">{t.allocation.hintRecovery}</p>
      <ExternalLink href={links?.balanceRecovery} className="button button--secondary">
        {t.allocation.recoveryLink}
      </ExternalLink>
      <AllocationDispute />
    </section>
  );
}
