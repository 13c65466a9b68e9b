import { holderTiers } from '@shared/holder-tiers';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { useFormat } from '../hooks/use-format';
import { useNftRange } from '../hooks/use-nft-range';

export function HolderTierTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.airdrop;
  const format = useFormat();
  const range = useNftRange();

  return (
    <DataTable
      caption={text.tiersCaption}
      rows={holderTiers}
      rowKey={(tier) => tier.key}
      columns={[
        { header: text.colTier, cell: (tier) => text.tierNames[tier.key] },
        { header: text.colNfts, numeric: true, cell: (tier) => range(tier) },
        {
          header: text.colMultiplier,
          numeric: true,
          cell: (tier) => (tier.whaleBonusMultiplier === null ? text.noBonus : `×${format.multiplier(tier.whaleBonusMultiplier)}`),
        },
      ]}
    />
  );
}
