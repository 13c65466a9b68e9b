import { distribution } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { distributionColours } from './distribution-colours';
import { useFormat } from '../hooks/use-format';

export function DistributionTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.overview;
  const format = useFormat();
  const totalPercent = distribution.reduce((sum, item) => sum + item.percent, 0);
  const totalTokens = distribution.reduce((sum, item) => sum + item.tokens, 0);

  return (
    <div className="tk-table-wrap">
      <table className="tk-table">
        <caption className="tk-table__caption">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.colAllocation}</th>
            <th scope="col" className="tk-num">
              {text.colShare}
            </th>
            <th scope="col" className="tk-num">
              {text.colTokens}
            </th>
          </tr>
        </thead>
        <tbody>
          {distribution.map((item) => (
            <tr key={item.key}>
              <th scope="row">
                <span className="tk-label">
                  <span className="tk-swatch" style={{ background: distributionColours[item.key] }} aria-hidden="true" />
                  {t.tokenomics.distribution[item.key]}
                </span>
              </th>
              <td className="tk-num">
                {format.percent(item.percent)}
              </td>
              <td className="tk-num">{format.tokens(item.tokens)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{text.total}</th>
            <td className="tk-num">{format.percent(totalPercent)}</td>
            <td className="tk-num">{format.tokens(totalTokens)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
