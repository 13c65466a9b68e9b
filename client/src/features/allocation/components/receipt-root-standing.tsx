import { rootStanding } from '@shared/published-roots';
import { formatDate } from '@client/lib/i18n/format-date';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { useAllocationRoots } from '../api/get-allocation-roots';

/**
 * Under a receipt that verified on its own: where its root stands among the roots this site published.
 * An earlier root a correction replaced still verifies, and the replacement is named with its reason.
 */
export function ReceiptRootStanding({ root }: { root: string }) {
  const { t, language } = useLanguage();
  const roots = useAllocationRoots(true);
  // The offline verdict above stands on its own: without the list the page only says less.
  if (!roots.data || roots.data.roots.length === 0) return null;
  const standing = rootStanding(root, roots.data.roots);
  const date = (iso: string) => formatDate(iso, language);
  let text: string;
  if (standing.kind === 'current') text = t.allocation.receiptRootCurrent(date(standing.entry.publishedAt));
  else if (standing.kind === 'replaced') {
    const { entry } = standing;
    text = t.allocation.receiptRootReplaced(
      date(entry.publishedAt),
      date(entry.replacedAt),
      entry.replacedByRoot ?? t.allocation.receiptRootEmptied,
      entry.replacedReason ?? '',
    );
  } else text = t.allocation.receiptRootUnpublished;
  const tone = standing.kind === 'unpublished' ? 'alloc-provenance__verdict--bad' : '';
  return <p className={`alloc-provenance__standing ${tone}`}>{text}</p>;
}
