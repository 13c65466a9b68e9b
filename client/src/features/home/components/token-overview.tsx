import { useId } from 'react';
import { Link } from 'react-router-dom';
import { brand } from '@shared/brand';
import { totalSupply } from '@shared/tokenomics';
import { ExternalLink } from '@client/components/external-link';
import { useExternalLinks } from '@client/features/config';
import { formatNumber } from '@client/lib/i18n/format-number';
import { useLanguage } from '@client/lib/i18n/language-provider';
import '../home.css';

/** The /tokens page body: the token's key facts and where to go next. */
export function TokenOverview() {
  const { t, language } = useLanguage();
  const links = useExternalLinks();
  const text = t.home.tokens;
  const ids = { facts: useId(), allocation: useId(), trade: useId(), tokenomics: useId() };

  return (
    <div className="token-overview">
      <section className="card token-overview__facts" aria-labelledby={ids.facts}>
        <h2 id={ids.facts}>{text.factsTitle}</h2>
        <dl className="token-facts">
          <div>
            <dt>{text.ticker}</dt>
            <dd>{brand.tokenTicker}</dd>
          </div>
          <div>
            <dt>{text.totalSupply}</dt>
            <dd className="numeric">{formatNumber(totalSupply, language)}</dd>
          </div>
          <div>
            <dt>{text.collection}</dt>
            <dd>{brand.collectionName}</dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby={ids.allocation}>
        <h2 id={ids.allocation}>{text.allocationTitle}</h2>
        <p className="muted">{text.allocationText}</p>
        <Link to="/allocation" className="button button--primary">
          {text.allocationLink}
        </Link>
      </section>

      <section className="card" aria-labelledby={ids.trade}>
        <h2 id={ids.trade}>{text.tradeTitle}</h2>
        <p className="muted">{text.tradeText}</p>
        <div className="token-overview__links">
          <ExternalLink href={links?.tradeToken} className="button button--secondary">
            {text.tradeMagicEden}
          </ExternalLink>
          <ExternalLink href={links?.tradeTokenUnisat} className="button button--secondary">
            {text.tradeUnisat}
          </ExternalLink>
        </div>
      </section>

      <section className="card" aria-labelledby={ids.tokenomics}>
        <h2 id={ids.tokenomics}>{text.tokenomicsTitle}</h2>
        <p className="muted">{text.tokenomicsText}</p>
        <Link to="/tokenomics" className="button button--ghost">
          {text.tokenomicsLink}
        </Link>
      </section>
    </div>
  );
}
