import { useId, useState } from 'react';
import { allocationPageSize } from '@shared/app-limits';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { Pager } from '@client/components/pager';
import { usePointsAllocations } from '../api/get-points-allocations';
import { HoldersTable } from './holders-table';

/** The social-mining allocation (the points list): its top 20, and after 'View All' every holder, 20 per page. */
export function TopHoldersCard() {
  const { t, language } = useLanguage();
  const headingId = useId();
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(0);
  const offset = showAll ? page * allocationPageSize : 0;
  const { data, isError, isPlaceholderData } = usePointsAllocations(allocationPageSize, offset);

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / allocationPageSize));
  const n = (value: number) => formatNumber(value, language);

  const body = () => {
    if (!data) return <p className="muted">{isError ? t.allocation.holdersError : t.app.loading}</p>;
    if (data.allocations.length === 0) return <p className="muted">{t.allocation.holdersEmpty}</p>;
    const holders = data.allocations.map((allocation) => ({
      key: String(allocation.id),
      walletAddress: allocation.walletAddress,
      tokens: allocation.allocatedTokens,
      points: allocation.finalPoints,
    }));
    return <HoldersTable labelledBy={headingId} holders={holders} firstRank={offset + 1} stale={isPlaceholderData} />;
  };

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={isPlaceholderData}>
      <div className="alloc-card-head">
        <h2 id={headingId}>{showAll ? t.allocation.pointsHoldersAllTitle : t.allocation.pointsHoldersTitle}</h2>
        {!showAll && total > allocationPageSize && (
          <button type="button" className="button button--secondary" onClick={() => setShowAll(true)}>
            {t.allocation.viewAll}
          </button>
        )}
        {showAll && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setShowAll(false);
              setPage(0);
            }}
          >
            {t.allocation.showTop(n(allocationPageSize))}
          </button>
        )}
      </div>
      {body()}
      {showAll && pages > 1 && (
        <Pager page={page} pages={pages} onPageChange={setPage} label={t.allocation.pointsHoldersAllTitle} texts={t.pager} language={language} />
      )}
    </section>
  );
}
