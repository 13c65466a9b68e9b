import { holderTier } from '@shared/holder-tiers';
import { baseAirdropPerNft } from '@shared/tokenomics';
import { whaleBonus, whaleBonusSchedule } from '@shared/whale-bonus';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

// One holding per bonus tier.
const exampleHoldings = [3, 5, 10, 25];

export function WhaleBonusExamples() {
  const { t } = useLanguage();
  const text = t.tokenomics.examples;
  const format = useFormat();

  return (
    <Section title={text.whaleHeading}>
      <p className="tk-formula">{t.tokenomics.airdrop.formula}</p>
      <ul className="tk-examples">
        {exampleHoldings.map((nfts) => {
          const tier = holderTier(nfts);
          if (!tier || tier.whaleBonusMultiplier === null) return null;
          return (
            <li key={nfts} className="tk-example">
              <h3>{text.whaleTitle(format.number(nfts), t.tokenomics.airdrop.tierNames[tier.key])}</h3>
              <dl className="tk-example__rows numeric">
                <dt>{text.bonus}</dt>
                <dd>
                  {format.tokens(baseAirdropPerNft)} × {format.number(nfts)} ×{' '}
                  {format.multiplier(tier.whaleBonusMultiplier)} = <strong>{format.tokens(whaleBonus(nfts))}</strong>
                </dd>
                {whaleBonusSchedule(nfts).map((release) => (
                  <div key={release.release} className="tk-example__release">
                    <dt>
                      {text.releaseLine(
                        format.number(release.release),
                        format.percent(release.percent),
                        format.number(release.targetBlock),
                      )}
                    </dt>
                    <dd>{format.tokens(release.tokens)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
