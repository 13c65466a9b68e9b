import { lockPeriods } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { useFormat } from '../hooks/use-format';

export function LockPeriodTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();

  return (
    <div className="tk-table-wrap">
      <table className="tk-table">
        <caption className="tk-table__caption">{text.locksCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.colLock}</th>
            <th scope="col" className="tk-num">
              {text.colBlocks}
            </th>
            <th scope="col" className="tk-num">
              {text.colDuration}
            </th>
          </tr>
        </thead>
        <tbody>
          {lockPeriods.map((period) => (
            <tr key={period.months}>
              <th scope="row">{t.tokenomics.units.months(period.months, format.number(period.months))}</th>
              <td className="tk-num">{format.number(period.blocks)}</td>
              <td className="tk-num">
                ×{format.multiplier(period.seasonOneDurationMultiplier, 1)}
                {period.penalised ? <span className="tk-tag">{text.penalised}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
