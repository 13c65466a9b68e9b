import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function MiningCompleteBanner() {
  const { t } = useLanguage();
  const headingId = useId();

  return (
    <section className="card banner" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId}>{t.mining.completeTitle}</h2>
        <p className="muted">{t.mining.completeText}</p>
      </div>
      <Link to="/allocation" className="button button--primary">
        {t.mining.checkAllocation}
      </Link>
    </section>
  );
}
