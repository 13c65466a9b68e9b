import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';

export function PointsCard({ points }: { points: number }) {
  const { t, language } = useLanguage();
  const headingId = useId();

  return (
    <section className="card sm-points" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.pointsTitle}</h2>
      <p className="sm-points__value numeric" data-testid="points">
        {formatNumber(points, language)}
      </p>
      <p className="muted sm-points__text">{t.mining.pointsText}</p>
    </section>
  );
}
