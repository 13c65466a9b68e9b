import type { CategoryPayout as Payout } from '@shared/schemas/allocation';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { CategoryPayout } from './category-payout';

/** Each category beside the transfer that paid it: a found address of several, or a receipt's payouts. */
export function PayoutList({ payouts, label }: { payouts: ReadonlyArray<{ category: string; payout: Payout }>; label?: string }) {
  const { t } = useLanguage();
  return (
    <ul className="alloc-payouts" aria-label={label ?? t.allocation.payout.listLabel}>
      {payouts.map(({ category, payout }) => (
        <li key={category} className="alloc-payouts__item">
          <span className="alloc-payouts__category">{category}</span>
          <CategoryPayout payout={payout} />
        </li>
      ))}
    </ul>
  );
}
