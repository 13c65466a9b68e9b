import { Link } from 'react-router-dom';
import { publicSale } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { Section } from './section';
import { shareOf } from './share-of-supply';
import { useFormat } from '../hooks/use-format';

export function LiquidityTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.liquidity;
  const format = useFormat();
  const share = shareOf('liquidity');

  return (
    <Section title={text.heading}>
      <FactList
        facts={[
          {
            label: text.share,
            value: t.tokenomics.units.shareOfSupply(format.percent(share.percent), format.tokens(share.tokens)),
          },
        ]}
      />
      <p>{text.proceeds(format.percent(publicSale.proceedsToLiquidityPercent))}</p>
      <Link to="?tab=public-sale" className="tk-link">
        {text.saleLink}
      </Link>
    </Section>
  );
}
