import { useId, useState, type DragEvent } from 'react';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useVerifyReceipt } from '../hooks/use-verify-receipt';
import { PayoutList } from './payout-list';
import { ReceiptRootStanding } from './receipt-root-standing';
import '../allocation-many.css';

/** "Verify a receipt": a file picked or dropped here is checked offline against the root it carries. */
export function ReceiptVerify() {
  const { t, language } = useLanguage();
  const verify = useVerifyReceipt();
  const inputId = useId();
  const hintId = useId();
  const rootLabelId = useId();
  const [dragging, setDragging] = useState(false);
  const verdict = verify.data;

  const check = (file: File | undefined) => {
    if (file) verify.mutate(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    check(event.dataTransfer.files[0]);
  };

  let message: string | null = null;
  let tone = '';
  if (verdict?.outcome === 'valid') {
    message = t.allocation.receiptValid(verdict.walletAddress);
    tone = 'alloc-provenance__verdict--good';
  } else if (verdict?.outcome === 'invalid') {
    message = t.allocation.receiptInvalid;
    tone = 'alloc-provenance__verdict--bad';
  } else if (verdict?.outcome === 'unreadable' || verify.isError) {
    message = t.allocation.receiptUnreadable;
    tone = 'alloc-provenance__verdict--bad';
  } else if (verdict?.outcome === 'unsupported') {
    message = t.allocation.verifyUnsupported;
  }

  return (
    <div
      className={dragging ? 'alloc-receipt is-dragging' : 'alloc-receipt'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <h3 className="alloc-receipt__title">{t.allocation.verifyReceiptTitle}</h3>
      <label htmlFor={inputId} className="field-label">
        {t.allocation.verifyReceiptLabel}
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        aria-describedby={hintId}
        onChange={(event) => {
          check(event.target.files?.[0]);
          // The same file picked again (after an edit) is checked again.
          event.target.value = '';
        }}
      />
      <p id={hintId} className="muted alloc-receipt__hint">
        {t.allocation.verifyReceiptHint}
      </p>
      <p role="status" className={`alloc-provenance__verdict ${tone}`}>
        {message}
      </p>
      {verdict && (verdict.outcome === 'valid' || verdict.outcome === 'invalid') && (
        <p className="alloc-provenance__root">
          <span id={rootLabelId}>{t.allocation.receiptRoot}</span> <code aria-labelledby={rootLabelId}>{verdict.root}</code>
          {verdict.asOfBlock !== null && <> · {t.allocation.receiptAsOf(formatNumber(verdict.asOfBlock, language))}</>}
        </p>
      )}
      {verdict?.outcome === 'valid' && <ReceiptRootStanding root={verdict.root} />}
      {verdict && (verdict.outcome === 'valid' || verdict.outcome === 'invalid') && verdict.payouts.length > 0 && (
        <PayoutList
          label={t.allocation.payout.receiptTitle}
          payouts={verdict.payouts.map(({ category, ...payout }) => ({ category, payout: { ...payout, confirmations: null, checkedAt: null } }))}
        />
      )}
    </div>
  );
}
