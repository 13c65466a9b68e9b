import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { isNoAllocation, useMyAllocation } from '../api/get-my-allocation';
import { formatTokens } from '../format';
import { CopyableAddress } from './copyable-address';

/** The logged-in wallet's points allocation; rendered only for a logged-in user. */
export function MyAllocationCard({ username }: { username: string }) {
  const { t, language } = useLanguage();
  const headingId = useId();
  const { data, error, isPending } = useMyAllocation(username, true);

  const body = () => {
    if (data) {
      const { allocation } = data;
      return (
        <>
          <div className="alloc-my__wallet">
            <span className="alloc-label">{t.allocation.myWallet}</span>
            <CopyableAddress address={allocation.walletAddress} />
          </div>
          <dl className="alloc-stats">
            <div className="alloc-stats__item alloc-stats__item--accent alloc-stats__item--wide">
              <dt>{t.allocation.myTokens}</dt>
              <dd className="numeric">{formatTokens(allocation.allocatedTokens, language)}</dd>
            </div>
            <div className="alloc-stats__item">
              <dt>{t.allocation.myPoints}</dt>
              <dd className="numeric">{formatNumber(allocation.finalPoints, language)}</dd>
            </div>
            <div className="alloc-stats__item">
              <dt>{t.allocation.myRatio}</dt>
              <dd className="numeric">
                {formatNumber(allocation.allocationRatio, language, { minimumFractionDigits: 3, maximumFractionDigits: 3 })}
              </dd>
            </div>
          </dl>
        </>
      );
    }
    if (isPending) return <p className="muted">{t.app.loading}</p>;
    return <p className="muted">{isNoAllocation(error) ? t.allocation.myNone : t.allocation.myError}</p>;
  };

  return (
    <section className="card alloc-my" aria-labelledby={headingId} aria-busy={isPending}>
      <h2 id={headingId}>{t.allocation.myTitle}</h2>
      {body()}
    </section>
  );
}
