import { Link } from 'react-router-dom';
import { seasonOne } from '@shared/tokenomics';
import { whaleBonusTgeBlock, whaleReleaseTargets } from '@shared/whale-bonus';
import { useLanguage } from '@client/app/i18n/language-provider';
import { Section } from './section';
import { VestingChart } from './vesting-chart';
import { useFormat } from '../hooks/use-format';

export function VestingTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.vesting;
  const format = useFormat();
  const split = seasonOne.forfeitSplitPercents;

  return (
    <>
      <Section title={text.heading}>
        <p>{text.intro}</p>
        <VestingChart />
        <div className="tk-table-wrap">
          <table className="tk-table">
            <caption className="tk-table__caption">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.colRelease}</th>
                <th scope="col" className="tk-num">
                  {text.colShare}
                </th>
                <th scope="col" className="tk-num">
                  {text.colWhen}
                </th>
              </tr>
            </thead>
            <tbody>
              {whaleReleaseTargets.map((target) => (
                <tr key={target.release}>
                  <th scope="row" className="tk-nowrap">{text.releaseName(format.number(target.release))}</th>
                  <td className="tk-num">{format.percent(target.percent)}</td>
                  <td className="tk-num">
                    {t.tokenomics.units.tgePlus(format.number(target.blocksAfterTge))}
                    <span className="tk-alt">{t.tokenomics.units.block(format.number(target.targetBlock))}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted numeric">{text.targetNote(format.number(whaleBonusTgeBlock))}</p>
        <Link to="/allocation" className="tk-link">
          {text.countdownLink}
        </Link>
      </Section>
      <Section title={text.forfeitHeading}>
        <p className="tk-warning">{text.forfeitRule}</p>
        <p>
          {text.forfeitSplit(format.percent(split.treasury), format.percent(split.seasonTwo), format.percent(split.seasonThree))}
        </p>
      </Section>
    </>
  );
}
