import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAllocationLookup } from '../hooks/use-allocation-lookup';
import { useBlockHeight } from '../hooks/use-block-height';
import { AllocationManyResult } from './allocation-many-result';
import { AllocationResult } from './allocation-result';
import { LookupForm } from './lookup-form';
import { NotFoundHint } from './not-found-hint';
import { ReceiptVerify } from './receipt-verify';
import { WalletAddressesLookup } from './wallet-addresses-lookup';

export function AllocationLookup() {
  const { t, language } = useLanguage();
  const headingId = useId();
  const lookup = useAllocationLookup();
  // Polled for as long as the page is open, so a result's countdowns are live the moment it appears.
  const blockHeight = useBlockHeight();

  return (
    <section className="card alloc-lookup" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.allocation.lookupTitle}</h2>
      <LookupForm
        address={lookup.address}
        onAddressChange={lookup.setAddress}
        onSubmit={lookup.submit}
        onClear={lookup.clear}
        isPending={lookup.isPending}
        canClear={lookup.result !== null || lookup.showHint || lookup.many !== null}
      />
      <WalletAddressesLookup onAddresses={lookup.lookUpAddresses} />
      <p role="status" className="muted alloc-lookup__busy">
        {lookup.busyRetryInSeconds === null ? null : t.allocation.busyRetrying(formatNumber(lookup.busyRetryInSeconds, language))}
      </p>
      {lookup.result && <AllocationResult allocation={lookup.result} blockHeight={blockHeight} />}
      {lookup.showHint && <NotFoundHint />}
      {lookup.many && <AllocationManyResult result={lookup.many} />}
      <ReceiptVerify />
    </section>
  );
}
