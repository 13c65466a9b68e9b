import { useLanguage } from '@client/lib/i18n/language-provider';
import { useFormat } from './use-format';

/** "1", "2–4" or "25+" for a tier's NFT bounds. */
export function useNftRange() {
  const { t } = useLanguage();
  const format = useFormat();
  return (tier: { minNfts: number; maxNfts: number | null }) => {
    if (tier.maxNfts === null) return t.tokenomics.units.nftAtLeast(format.number(tier.minNfts));
    if (tier.maxNfts === tier.minNfts) return format.number(tier.minNfts);
    return t.tokenomics.units.nftRange(format.number(tier.minNfts), format.number(tier.maxNfts));
  };
}
