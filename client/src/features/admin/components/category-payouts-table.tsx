import type { DistributionCategory } from '@shared/schemas/admin-distribution';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { tokenColumn } from '../token-column';

/** One category of the list: its wallets and tokens in each payout state. */
export function CategoryPayoutsTable({ category }: { category: DistributionCategory }) {
  const { t, language } = useLanguage();
  const s = t.admin.distribution;
  const count = (value: number) => formatNumber(value, language);
  const tokens = tokenColumn(
    category.states.map((state) => state.tokensMicro),
    language,
  );
  return (
    <div className="admin__table-wrap">
      <table className="admin__table">
        <caption>{s.categoryCaption(category.category, count(category.paid.wallets), count(category.wallets))}</caption>
        <thead>
          <tr>
            <th scope="col">{s.colState}</th>
            <th scope="col" className="admin__number">
              {s.colWallets}
            </th>
            <th scope="col" className="admin__number">
              {s.colTokens}
            </th>
          </tr>
        </thead>
        <tbody>
          {category.states.map((state) => (
            <tr key={state.state}>
              <th scope="row">{s.states[state.state]}</th>
              <td className="admin__number">{count(state.wallets)}</td>
              <td className="admin__number">{tokens(state.tokensMicro)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
