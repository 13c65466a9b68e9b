import type { PayoutState } from '@shared/payout-states';
import type { CategoryPayout as Payout } from '@shared/schemas/allocation';
import { ExternalLink } from '@client/components/external-link';
import { useExplorerTxUrl } from '@client/features/config';
import { formatDateTime } from '@client/lib/i18n/format-date';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { shortTxid } from '../format';
import { useNow } from '../hooks/use-now';
import '../allocation-payouts.css';

const minute = 60_000;

/**
 * How old a state's last check may be before the page says when it was: the checker asks again every
 * minute or two while a transfer is unchecked or in the mempool, hourly once dropped or not found. A
 * confirmed transfer is not asked again until it is deep enough, so its age says nothing.
 */
const staleAfterMs: Partial<Record<PayoutState, number>> = {
  unchecked: 15 * minute,
  unconfirmed: 15 * minute,
  dropped: 150 * minute,
  not_found: 150 * minute,
};

/** The transfer that paid one category: its state in words, its transaction on the block explorer. */
export function CategoryPayout({ payout }: { payout: Payout }) {
  const { t, language } = useLanguage();
  const text = t.allocation.payout;
  const explorerTxUrl = useExplorerTxUrl();
  const now = useNow(minute);
  const n = (value: number) => formatNumber(value, language);

  const tx = payout.txid !== null && (
    <>
      {text.txOpen}
      <ExternalLink href={explorerTxUrl && `${explorerTxUrl}/${payout.txid}`} className="alloc-payout__tx mono">
        {text.tx(shortTxid(payout.txid))}
      </ExternalLink>
      {text.txClose}
    </>
  );
  const headline = {
    confirmed: payout.blockHeight === null ? text.confirmed('?') : text.confirmed(n(payout.blockHeight)),
    unconfirmed: text.unconfirmed,
    unchecked: text.unchecked,
    not_sent: text.notSent,
    dropped: text.dropped,
    not_found: text.notFound,
    wrong_address: text.wrongAddress,
  }[payout.state];
  const staleAfter = staleAfterMs[payout.state];
  const stale = payout.checkedAt !== null && staleAfter !== undefined && now - Date.parse(payout.checkedAt) > staleAfter;

  return (
    <div className={`alloc-payout alloc-payout--${payout.state}`}>
      <p className="alloc-payout__state">
        {headline}
        {tx}
        {payout.state === 'confirmed' && payout.confirmations !== null && <> · {text.confirmations(n(payout.confirmations))}</>}
      </p>
      {payout.state === 'confirmed' && <p className="alloc-payout__note muted">{text.indexers}</p>}
      {(payout.state === 'dropped' || payout.state === 'wrong_address') && <p className="alloc-payout__note">{text.stillOwed}</p>}
      {stale && <p className="alloc-payout__note muted">{text.lastChecked(formatDateTime(payout.checkedAt!, language))}</p>}
    </div>
  );
}
