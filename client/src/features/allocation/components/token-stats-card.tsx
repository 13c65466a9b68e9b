import { useId } from 'react';
import type { TokenStats } from '@shared/schemas/point-allocations';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useTokenStats } from '../api/get-token-stats';
import { formatTokens } from '../format';

/** The social-mining allocation (the points list) in figures; the page shows it only when that list is loaded. */
export function TokenStatsCard() {
  const { t, language } = useLanguage();
  const headingId = useId();
  const { data, isError } = useTokenStats();

  const items: { key: keyof TokenStats; label: string; isTokens: boolean }[] = [
    { key: 'totalAllocations', label: t.allocation.statsTotalAllocations, isTokens: false },
    { key: 'totalTokensAllocated', label: t.allocation.statsTotalTokens, isTokens: true },
    { key: 'totalPointsAllocated', label: t.allocation.statsTotalPoints, isTokens: false },
    { key: 'averageTokensPerUser', label: t.allocation.statsAverageTokens, isTokens: true },
  ];

  const display = (key: keyof TokenStats, isTokens: boolean): string => {
    if (!data) return isError ? t.app.notAvailable : t.app.loadingValue;
    return isTokens ? formatTokens(data[key], language) : formatNumber(data[key], language);
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.allocation.pointsStatsTitle}</h2>
      <p className="muted alloc-card-note">{t.allocation.pointsNote}</p>
      <dl className="alloc-stats">
        {items.map(({ key, label, isTokens }) => (
          <div key={key} className="alloc-stats__item">
            <dt>{label}</dt>
            <dd className="numeric">{display(key, isTokens)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
