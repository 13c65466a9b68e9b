import { useId } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { FoundAllocation } from '../hooks/use-allocation-lookup';
import { useVerifyAllocation } from '../hooks/use-verify-allocation';
import { ReceiptDownloadButton } from './receipt-download-button';
import '../allocation-provenance.css';

/** Which snapshot the figures come from, and a check of them against the published Merkle root. */
export function AllocationProvenance({ allocation }: { allocation: FoundAllocation }) {
  const { t, language, describeError } = useLanguage();
  const verify = useVerifyAllocation();
  const rootLabelId = useId();
  const verdict = verify.data;

  let message: string | null = null;
  let tone = '';
  if (verify.isError) {
    message = describeError(verify.error, t.allocation.verifyFailed);
    tone = 'alloc-provenance__verdict--bad';
  } else if (verdict?.outcome === 'unsupported') {
    message = t.allocation.verifyUnsupported;
  } else if (verdict) {
    message = verdict.outcome === 'match' ? t.allocation.verifyMatch : t.allocation.verifyMismatch;
    tone = verdict.outcome === 'match' ? 'alloc-provenance__verdict--good' : 'alloc-provenance__verdict--bad';
  }

  return (
    <div className="alloc-provenance">
      {allocation.asOfBlock !== null && (
        <p className="alloc-provenance__as-of">{t.allocation.asOfBlock(formatNumber(allocation.asOfBlock, language))}</p>
      )}
      <button
        type="button"
        className="button button--secondary"
        onClick={() => verify.mutate(allocation)}
        disabled={verify.isPending}
        title={t.allocation.verifyHint}
      >
        {verify.isPending ? t.allocation.verifying : t.allocation.verify}
      </button>
      <ReceiptDownloadButton allocation={allocation} />
      <p role="status" className={`alloc-provenance__verdict ${tone}`}>
        {message}
      </p>
      {verdict && verdict.outcome !== 'unsupported' && verdict.root && (
        <p className="alloc-provenance__root">
          <span id={rootLabelId}>{t.allocation.publishedRoot}</span>{' '}
          <code aria-labelledby={rootLabelId}>{verdict.root}</code>
        </p>
      )}
    </div>
  );
}
