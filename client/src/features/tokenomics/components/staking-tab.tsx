import { Link } from 'react-router-dom';
import {
  actualDistributableApprox,
  lockPeriods,
  seasonLengthBlocks,
  seasonOne,
  seasonTwo,
} from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { LockPeriodTable } from './lock-period-table';
import { SeasonOnePool } from './season-one-pool';
import { SeasonTable } from './season-table';
import { Section } from './section';
import { shareOf } from './share-of-supply';
import { StakingTierTable } from './staking-tier-table';
import { useFormat } from '../hooks/use-format';

export function StakingTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();
  const share = shareOf('stakingRewards');
  const seasonMonths = lockPeriods.find((period) => period.blocks === seasonLengthBlocks)?.months ?? 0;

  return (
    <>
      <Section title={text.heading}>
        <FactList
          facts={[
            {
              label: text.share,
              value: t.tokenomics.units.shareOfSupply(format.percent(share.percent), format.tokens(share.tokens)),
            },
            {
              label: text.seasonLength,
              value: text.seasonLengthValue(format.number(seasonLengthBlocks), format.number(seasonMonths)),
            },
            {
              label: text.actualDistributable,
              value: t.tokenomics.units.about(format.compact(actualDistributableApprox)),
            },
          ]}
        />
      </Section>
      <Section title={text.seasonsHeading}>
        <SeasonTable />
        <p className="numeric">{text.seasonTwoRange(format.number(seasonTwo.startBlock), format.number(seasonTwo.endBlock))}</p>
        <p className="numeric">{text.seasonTwoPool(format.tokens(seasonTwo.poolShown))}</p>
      </Section>
      <div className="tk-grid">
        <Section title={text.tiersHeading}>
          <StakingTierTable />
        </Section>
        <Section title={text.locksHeading}>
          <LockPeriodTable />
        </Section>
      </div>
      <Section title={text.formulaHeading}>
        <p className="tk-formula">{text.scoreFormula}</p>
        <p className="tk-formula numeric">
          {text.tokensFormula(format.tokens(seasonOne.totalScore), format.tokens(seasonOne.adjustedPool))}
        </p>
        <Link to="?tab=examples" className="tk-link">
          {text.examplesLink}
        </Link>
      </Section>
      <SeasonOnePool />
    </>
  );
}
