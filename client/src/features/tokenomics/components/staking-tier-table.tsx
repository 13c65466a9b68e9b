import { stakingTiers } from '@shared/holder-tiers';
import { useLanguage } from '@client/app/i18n/language-provider';
import { useFormat } from '../hooks/use-format';
import { useNftRange } from '../hooks/use-nft-range';

export function StakingTierTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();
  const range = useNftRange();

  return (
    <div className="tk-table-wrap">
      <table className="tk-table">
        <caption className="tk-table__caption">{text.tiersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.colNftsStaked}</th>
            <th scope="col" className="tk-num">
              {text.colTierMultiplier}
            </th>
          </tr>
        </thead>
        <tbody>
          {stakingTiers.map((tier) => (
            <tr key={tier.minNfts}>
              <th scope="row" className="numeric">
                {range(tier)}
              </th>
              <td className="tk-num">×{format.multiplier(tier.multiplier, 1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
