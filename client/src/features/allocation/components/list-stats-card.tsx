import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAllocationStats } from '../api/get-allocation-stats';
import { formatTokens, tokensFormatter } from '../format';

/** The published allocation list in figures: its tokens in all, its wallets and each category. */
export function ListStatsCard() {
  const { t, language } = useLanguage();
  const headingId = useId();
  const categoriesId = useId();
  const { data, isError } = useAllocationStats();

  const body = () => {
    if (!data) return <p className="muted">{isError ? t.allocation.statsError : t.app.loading}</p>;
    if (data.walletCount === 0) return <p className="muted">{t.allocation.statsEmpty}</p>;
    const categoryTokens = tokensFormatter(data.categories.map((entry) => entry.tokens), language);
    return (
      <>
        <dl className="alloc-stats">
          <div className="alloc-stats__item alloc-stats__item--accent alloc-stats__item--wide">
            <dt>{t.allocation.statsTotalTokens}</dt>
            <dd className="numeric">{formatTokens(data.totalTokens, language)}</dd>
          </div>
          <div className="alloc-stats__item">
            <dt>{t.allocation.statsWallets}</dt>
            <dd className="numeric">{formatNumber(data.walletCount, language)}</dd>
          </div>
          <div className="alloc-stats__item">
            <dt>{t.allocation.statsCategories}</dt>
            <dd className="numeric">{formatNumber(data.categories.length, language)}</dd>
          </div>
        </dl>
        <h3 id={categoriesId} className="alloc-stats__subhead">
          {t.allocation.statsByCategory}
        </h3>
        <dl className="alloc-stats" aria-labelledby={categoriesId}>
          {data.categories.map((entry) => (
            <div key={entry.category} className="alloc-stats__item">
              <dt>{entry.category}</dt>
              <dd className="numeric">{categoryTokens(entry.tokens)}</dd>
              <dd className="alloc-stats__detail muted numeric">{t.allocation.categoryWallets(formatNumber(entry.walletCount, language))}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  };

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={!data && !isError}>
      <h2 id={headingId}>{t.allocation.statsTitle}</h2>
      {body()}
    </section>
  );
}
