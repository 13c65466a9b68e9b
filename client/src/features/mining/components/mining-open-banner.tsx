import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';

/** In place of 'Mining Phase Complete' while MINING_OPEN is on. */
export function MiningOpenBanner() {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <section className="card banner" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId}>{t.mining.openTitle}</h2>
        <p className="muted">{t.mining.openText}</p>
      </div>
    </section>
  );
}
