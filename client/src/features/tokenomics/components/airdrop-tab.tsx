import { Link } from 'react-router-dom';
import { whaleBonusMultiplier } from '@shared/holder-tiers';
import { baseAirdropPerNft } from '@shared/tokenomics';
import { whaleBonus } from '@shared/whale-bonus';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { HolderTierTable } from './holder-tier-table';
import { Section } from './section';
import { shareOf } from './share-of-supply';
import { useFormat } from '../hooks/use-format';

// The worked example sits in the Whale tier, the middle of the table.
const EXAMPLE_NFTS = 10;

export function AirdropTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.airdrop;
  const format = useFormat();
  const share = shareOf('holderAirdrop');
  const exampleMultiplier = whaleBonusMultiplier(EXAMPLE_NFTS) ?? 0;

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
              label: text.basePerNft,
              value: t.tokenomics.units.tokens(format.tokens(baseAirdropPerNft)),
              note: text.baseNote,
            },
          ]}
        />
      </Section>
      <Section title={text.tiersHeading}>
        <HolderTierTable />
      </Section>
      <Section title={text.formulaHeading}>
        <p className="tk-formula">{text.formula}</p>
        <p className="numeric">
          {text.formulaExample(
            format.tokens(baseAirdropPerNft),
            format.number(EXAMPLE_NFTS),
            format.multiplier(exampleMultiplier),
            format.tokens(whaleBonus(EXAMPLE_NFTS)),
          )}
        </p>
        <Link to="?tab=vesting" className="tk-link">
          {text.vestingLink}
        </Link>
      </Section>
    </>
  );
}
