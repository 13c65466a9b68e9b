import { seasonOne } from '@shared/tokenomics';
import { stakingExamples } from '@shared/staking';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { Section } from './section';
import { WhaleBonusExamples } from './whale-bonus-examples';
import { useFormat } from '../hooks/use-format';

export function ExamplesTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.examples;
  const format = useFormat();

  return (
    <>
      <Section title={text.stakingHeading}>
        <p className="tk-formula">{t.tokenomics.staking.scoreFormula}</p>
        <p className="tk-formula numeric">
          {t.tokenomics.staking.tokensFormula(format.tokens(seasonOne.totalScore), format.tokens(seasonOne.adjustedPool))}
        </p>
        <ul className="tk-examples">
          {stakingExamples.map((example) => (
            <li key={`${example.nfts}-${example.months}`} className="tk-example">
              <h3>
                {text.stakingTitle(
                  example.nfts,
                  format.number(example.nfts),
                  t.tokenomics.units.months(example.months, format.number(example.months)),
                )}
              </h3>
              <dl className="tk-example__rows numeric">
                <dt>{text.score}</dt>
                <dd>
                  {format.number(example.nfts)} × {format.multiplier(example.durationMultiplier, 1)} ×{' '}
                  {format.multiplier(example.tierMultiplier, 1)} = <strong>{format.number(example.score)}</strong>
                </dd>
                <dt>{text.tokens}</dt>
                <dd>
                  {format.number(example.score)} ÷ {format.tokens(seasonOne.totalScore)} ×{' '}
                  {format.tokens(seasonOne.adjustedPool)} ≈ <strong>{format.tokens(example.seasonOneTokens)}</strong>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </Section>
      <WhaleBonusExamples />
      <p className="muted">{text.roundingNote}</p>
    </>
  );
}
