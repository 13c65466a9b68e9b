import { seasonOne, stakingSeasons } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

const splitKeys = ['treasury', 'seasonTwo', 'seasonThree'] as const;

export function SeasonOnePool() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();
  const nominal = stakingSeasons.find((season) => season.season === 1)?.nominalPool ?? 0;

  return (
    <Section title={text.seasonOneHeading}>
      <FactList
        facts={[
          { label: text.nominalPool, value: format.tokens(nominal) },
          { label: text.adjustedPool, value: format.tokens(seasonOne.adjustedPool) },
          { label: text.forfeited, value: format.tokens(seasonOne.forfeited) },
        ]}
      />
      <h3 className="tk-subheading">{text.splitHeading}</h3>
      <div className="tk-split" aria-hidden="true">
        {splitKeys.map((key) => (
          <span
            key={key}
            className={`tk-split__part tk-split__part--${key}`}
            style={{ flexGrow: seasonOne.forfeitSplitPercents[key] }}
          >
            {format.percent(seasonOne.forfeitSplitPercents[key])}
          </span>
        ))}
      </div>
      <ul className="tk-split-list">
        {splitKeys.map((key) => (
          <li key={key}>
            <span className={`tk-dot tk-split__part--${key}`} aria-hidden="true" />
            <span>{text.splitItem(format.percent(seasonOne.forfeitSplitPercents[key]), text.destinations[key])}</span>
            <span className="tk-split-list__value numeric">{format.tokens(seasonOne.forfeitSplitShown[key])}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
