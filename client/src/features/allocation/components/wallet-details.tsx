import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { CopyableAddress } from './copyable-address';

export function WalletDetails({ walletAddress, recordCount }: { walletAddress: string; recordCount: number }) {
  const { t, language } = useLanguage();
  const headingId = useId();

  return (
    <section className="alloc-panel alloc-panel--wallet" aria-labelledby={headingId}>
      <h4 id={headingId}>{t.allocation.walletDetailsTitle}</h4>
      <dl className="alloc-details">
        <div>
          <dt>{t.allocation.walletAddress}</dt>
          <dd>
            <CopyableAddress address={walletAddress} />
          </dd>
        </div>
        <div>
          <dt>{t.allocation.entries}</dt>
          <dd className="numeric">{formatNumber(recordCount, language)}</dd>
        </div>
      </dl>
    </section>
  );
}
