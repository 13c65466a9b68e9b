import { useId } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAllocationStats } from '../api/get-allocation-stats';
import { HoldersTable } from './holders-table';

/** The published allocation list's largest wallets (every category summed), as the lookup totals them. */
export function ListHoldersCard() {
  const { t } = useLanguage();
  const headingId = useId();
  const { data, isError } = useAllocationStats();

  const body = () => {
    if (!data) return <p className="muted">{isError ? t.allocation.holdersError : t.app.loading}</p>;
    if (data.topHolders.length === 0) return <p className="muted">{t.allocation.holdersEmpty}</p>;
    const holders = data.topHolders.map((holder) => ({ key: holder.walletAddress, walletAddress: holder.walletAddress, tokens: holder.tokens }));
    return <HoldersTable labelledBy={headingId} holders={holders} firstRank={1} stale={false} />;
  };

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={!data && !isError}>
      <div className="alloc-card-head">
        <h2 id={headingId}>{t.allocation.holdersTitle}</h2>
      </div>
      {body()}
    </section>
  );
}
