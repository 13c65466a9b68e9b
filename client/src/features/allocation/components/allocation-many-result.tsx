import { useId } from 'react';
import type { LookupManyEntry, LookupManyResult } from '@shared/schemas/allocation';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatTokens } from '../format';
import { PayoutList } from './payout-list';
import { ReceiptDownloadButton } from './receipt-download-button';
import '../allocation-many.css';

/** Several addresses' answers, one row each in the order typed, and their combined total. */
export function AllocationManyResult({ result }: { result: LookupManyResult }) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const totalId = useId();
  const tokens = (amount: number) => `${formatTokens(amount, language)} ${t.allocation.tokenUnit}`;

  const outcome = (entry: LookupManyEntry) => {
    switch (entry.status) {
      case 'found':
        return t.allocation.manyFound(tokens(entry.allocation.totalTokens));
      case 'not_found':
        return t.allocation.manyNotFound;
      case 'duplicate':
        return t.allocation.manyDuplicate(formatNumber(entry.duplicateOf + 1, language));
      case 'malformed':
        return entry.error === 'EMPTY_WALLET' ? t.allocation.manyEmpty : t.allocation.manyMalformed;
    }
  };

  return (
    <section className="alloc-many" aria-labelledby={headingId}>
      <h3 id={headingId} className="alloc-result__title">
        {t.allocation.manyTitle}
      </h3>
      <ol className="alloc-many__list">
        {result.results.map((entry) => (
          <li key={entry.position} className={`alloc-many__item alloc-many__item--${entry.status}`}>
            <span className="alloc-many__address mono">{'walletAddress' in entry ? entry.walletAddress : '—'}</span>
            <span className="alloc-many__outcome numeric">{outcome(entry)}</span>
            {entry.status === 'found' && <ReceiptDownloadButton allocation={entry.allocation} />}
            {entry.status === 'found' && entry.allocation.payoutsRecorded && <PayoutList payouts={entry.allocation.categories} />}
          </li>
        ))}
      </ol>
      <section className="alloc-many__total" aria-labelledby={totalId}>
        <h4 id={totalId}>{t.allocation.combinedTitle}</h4>
        <dl className="alloc-summary">
          <div className="alloc-summary__item alloc-summary__item--main">
            <dt>{t.allocation.combinedTotal}</dt>
            <dd className="numeric">{tokens(result.total.totalTokens)}</dd>
          </div>
          <div className="alloc-summary__item">
            <dt>{t.allocation.combinedWallets}</dt>
            <dd className="numeric">{formatNumber(result.total.walletCount, language)}</dd>
          </div>
        </dl>
        {result.total.categories.length > 0 && (
          <ul className="alloc-many__categories" aria-label={t.allocation.combinedCategories}>
            {result.total.categories.map((category) => (
              <li key={category.category}>
                <span>{category.category}</span> <span className="numeric">{tokens(category.tokens)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
