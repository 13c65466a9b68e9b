import { stakingSeasons } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { useFormat } from '../hooks/use-format';

export function SeasonTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();

  return (
    <div className="tk-table-wrap">
      <table className="tk-table">
        <caption className="tk-table__caption">{text.seasonsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.colSeason}</th>
            <th scope="col" className="tk-num">
              {text.colPool}
            </th>
            <th scope="col" className="tk-num tk-wrap">
              {text.colPaid}
            </th>
          </tr>
        </thead>
        <tbody>
          {stakingSeasons.map((season) => (
            <tr key={season.season}>
              <th scope="row" className="tk-nowrap">{text.seasonName(format.number(season.season))}</th>
              <td className="tk-num">{format.tokens(season.nominalPool)}</td>
              <td className="tk-num tk-wrap">
                {season.rewardsAfterTgeBlocks === 0
                  ? text.immediate
                  : t.tokenomics.units.tgePlus(format.number(season.rewardsAfterTgeBlocks))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
