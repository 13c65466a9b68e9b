import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useStats, type UserActivity } from '../api/get-stats';

export function ActivityStats() {
  const { t, language } = useLanguage();
  const { data, isError } = useStats();
  const headingId = useId();

  const items: { key: keyof UserActivity; label: string }[] = [
    { key: 'totalUsers', label: t.mining.statsTotalUsers },
    { key: 'activeUsers', label: t.mining.statsActiveUsers },
    { key: 'signupsToday', label: t.mining.statsSignupsToday },
    { key: 'signupsThisWeek', label: t.mining.statsSignupsThisWeek },
    { key: 'twitterConnections', label: t.mining.statsTwitterConnections },
    { key: 'todayTweetPosts', label: t.mining.statsTodayTweetPosts },
  ];

  const display = (key: keyof UserActivity): string => {
    const raw = data?.userActivity?.[key];
    if (raw === undefined) return isError ? t.app.notAvailable : t.app.loadingValue;
    const value = Number(raw);
    return Number.isFinite(value) ? formatNumber(value, language) : t.app.notAvailable;
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.mining.statsTitle}</h2>
      <dl className="stats">
        {items.map(({ key, label }) => (
          <div key={key} className="stats__item">
            <dt>{label}</dt>
            <dd className="numeric">{display(key)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
