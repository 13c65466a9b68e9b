import { holderTiers } from '@shared/holder-tiers';
import { useLanguage } from '@client/app/i18n/language-provider';
import { useFormat } from '../hooks/use-format';
import { useNftRange } from '../hooks/use-nft-range';

export function HolderTierTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.airdrop;
  const format = useFormat();
  const range = useNftRange();

  return (
    <div className="tk-table-wrap">
      <table className="tk-table">
        <caption className="tk-table__caption">{text.tiersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.colTier}</th>
            <th scope="col" className="tk-num">
              {text.colNfts}
            </th>
            <th scope="col" className="tk-num">
              {text.colMultiplier}
            </th>
          </tr>
        </thead>
        <tbody>
          {holderTiers.map((tier) => (
            <tr key={tier.key}>
              <th scope="row">{text.tierNames[tier.key]}</th>
              <td className="tk-num">{range(tier)}</td>
              <td className="tk-num">
                {tier.whaleBonusMultiplier === null ? text.noBonus : `×${format.multiplier(tier.whaleBonusMultiplier)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
