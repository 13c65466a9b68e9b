import { stakingTiers } from '@shared/holder-tiers';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { useFormat } from '../hooks/use-format';
import { useNftRange } from '../hooks/use-nft-range';

export function StakingTierTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();
  const range = useNftRange();

  return (
    <DataTable
      caption={text.tiersCaption}
      rows={stakingTiers}
      rowKey={(tier) => tier.minNfts}
      columns={[
        { header: text.colNftsStaked, className: 'numeric', cell: (tier) => range(tier) },
        { header: text.colTierMultiplier, numeric: true, cell: (tier) => `×${format.multiplier(tier.multiplier, 1)}` },
      ]}
    />
  );
}
