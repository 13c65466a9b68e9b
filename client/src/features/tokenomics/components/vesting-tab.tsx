import { Link } from 'react-router-dom';
import { seasonOne } from '@shared/tokenomics';
import { whaleBonusTgeBlock, whaleReleaseTargets } from '@shared/whale-bonus';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
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
        <DataTable
          caption={text.caption}
          rows={whaleReleaseTargets}
          rowKey={(target) => target.release}
          columns={[
            { header: text.colRelease, className: 'data-table__nowrap', cell: (target) => text.releaseName(format.number(target.release)) },
            { header: text.colShare, numeric: true, cell: (target) => format.percent(target.percent) },
            {
              header: text.colWhen,
              numeric: true,
              cell: (target) => (
                <>
                  {t.tokenomics.units.tgePlus(format.number(target.blocksAfterTge))}
                  <span className="tk-alt">{t.tokenomics.units.block(format.number(target.targetBlock))}</span>
                </>
              ),
            },
          ]}
        />
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
