import { useId, useMemo } from 'react';
import { summariseAllocation } from '@shared/whale-bonus';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatTokens } from '../format';
import type { FoundAllocation } from '../hooks/use-allocation-lookup';
import type { BlockHeight } from '../hooks/use-block-height';
import { ExternalLink } from '@client/components/external-link';
import { useExternalLinks } from '@client/features/config';
import { AllocationDispute } from '@client/features/disputes';
import { AllocationProvenance } from './allocation-provenance';
import { TgeCategories } from './tge-categories';
import { WalletDetails } from './wallet-details';
import { WhaleBonusSchedule } from './whale-bonus-schedule';
import '../allocation-result.css';

interface AllocationResultProps {
  allocation: FoundAllocation;
  blockHeight: BlockHeight;
}

export function AllocationResult({ allocation, blockHeight }: AllocationResultProps) {
  const { t, language } = useLanguage();
  const links = useExternalLinks();
  const headingId = useId();
  const summary = useMemo(() => summariseAllocation(allocation.categories), [allocation.categories]);
  const payouts = useMemo(
    () => (allocation.payoutsRecorded ? new Map(allocation.categories.map((entry) => [entry.category, entry.payout])) : null),
    [allocation],
  );
  const hasBonus = summary.whaleBonusTokens > 0;
  const hasTge = summary.tgeCategories.length > 0;
  const hasReleases = summary.whaleReleases.length > 0;
  const hasBoth = hasTge && hasReleases;

  return (
    <section className="alloc-result" aria-labelledby={headingId}>
      <h3 id={headingId} className="alloc-result__title">
        {t.allocation.resultTitle}
      </h3>
      <AllocationProvenance key={allocation.walletAddress} allocation={allocation} />
      <dl className="alloc-summary">
        <div className="alloc-summary__item alloc-summary__item--main">
          <dt>{t.allocation.tgeTotal}</dt>
          <dd className="numeric">
            {formatTokens(summary.tgeTokens, language)} <span className="alloc-unit">{t.allocation.tokenUnit}</span>
          </dd>
        </div>
        {hasBonus && (
          <div className="alloc-summary__item">
            <dt>{t.allocation.futureBonus}</dt>
            <dd className="numeric">
              {formatTokens(summary.whaleBonusTokens, language)}{' '}
              <span className="alloc-unit">{t.allocation.tokenUnit}</span>
            </dd>
          </div>
        )}
        <div className="alloc-summary__item">
          <dt>{t.allocation.categoryCount}</dt>
          <dd className="numeric">{formatNumber(allocation.categories.length, language)}</dd>
        </div>
      </dl>
      {hasBonus && (
        <p className="alloc-warning">
          <span aria-hidden="true" className="alloc-warning__icon">
            !
          </span>
          <span>{t.allocation.bonusWarning}</span>
        </p>
      )}
      <div className={hasBoth ? 'alloc-result__columns has-both' : 'alloc-result__columns'}>
        {hasTge && <TgeCategories categories={summary.tgeCategories} tgeTotal={summary.tgeTokens} payouts={payouts} />}
        {hasReleases && <WhaleBonusSchedule releases={summary.whaleReleases} blockHeight={blockHeight} payouts={payouts} />}
        <WalletDetails walletAddress={allocation.walletAddress} recordCount={allocation.recordCount} />
      </div>
      <div className="actions alloc-result__links">
        <ExternalLink href={links?.balanceRecovery} className="button button--secondary">
          {t.allocation.recoveryLink}
        </ExternalLink>
        <ExternalLink href={links?.tradeToken} className="button button--primary">
          {t.allocation.tradeLink}
        </ExternalLink>
      </div>
      <AllocationDispute />
    </section>
  );
}
