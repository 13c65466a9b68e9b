import { useId } from 'react';
import type { AllocationCategory, CategoryPayout as Payout } from '@shared/schemas/allocation';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { formatPercent, formatTokens } from '../format';
import { CategoryPayout } from './category-payout';

interface TgeCategoriesProps {
  /** Largest first. */
  categories: readonly AllocationCategory[];
  tgeTotal: number;
  /** Each category's payout, once any payout is recorded; null before. */
  payouts: ReadonlyMap<string, Payout> | null;
}

/** Each category with a bar of its share, so the biggest part of the airdrop stands out at a glance. */
export function TgeCategories({ categories, tgeTotal, payouts }: TgeCategoriesProps) {
  const { t, language } = useLanguage();
  const headingId = useId();

  return (
    <section className="alloc-panel alloc-panel--tge" aria-labelledby={headingId}>
      <h4 id={headingId}>{t.allocation.tgeCategoriesTitle}</h4>
      <ul className="alloc-categories" aria-labelledby={headingId}>
        {categories.map((entry) => {
          const share = tgeTotal > 0 ? entry.tokens / tgeTotal : 0;
          const payout = payouts?.get(entry.category);
          return (
            <li key={entry.category} className="alloc-category">
              <div className="alloc-category__row">
                <span className="alloc-category__name">{entry.category}</span>
                <span className="alloc-category__tokens numeric">{formatTokens(entry.tokens, language)}</span>
              </div>
              <div className="alloc-category__bar-row">
                <span className="alloc-bar" aria-hidden="true">
                  <span className="alloc-bar__fill" style={{ width: `${Math.max(share * 100, 1)}%` }} />
                </span>
                <span className="alloc-category__share numeric">{formatPercent(share, language)}</span>
              </div>
              {payout && <CategoryPayout payout={payout} />}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
