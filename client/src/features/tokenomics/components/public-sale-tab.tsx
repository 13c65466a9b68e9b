import { Link } from 'react-router-dom';
import { publicSale } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

export function PublicSaleTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.publicSale;
  const format = useFormat();

  return (
    <Section title={text.heading}>
      <FactList
        facts={[
          { label: text.tokens, value: t.tokenomics.units.tokens(format.tokens(publicSale.tokens)) },
          { label: text.pledging, value: text.pledgingValue(format.number(publicSale.pledgingHours)) },
          { label: text.price, value: text.priceValue },
          { label: text.refunds, value: text.refundsValue },
          { label: text.proceeds, value: text.proceedsValue(format.percent(publicSale.proceedsToLiquidityPercent)) },
          // The spec gives no currency for the ceiling, so none is added.
          { label: text.marketCap, value: format.tokens(publicSale.marketCapCeiling) },
          { label: text.hardCap, value: text.hardCapValue(format.number(publicSale.hardCapBtcApprox)) },
          {
            label: text.raised,
            value: t.tokenomics.units.about(
              format.compact(publicSale.raisedUsdApprox, { style: 'currency', currency: 'USD' }),
            ),
          },
        ]}
      />
      <Link to="/faq" className="tk-link">
        {text.disclaimerLink}
      </Link>
    </Section>
  );
}
