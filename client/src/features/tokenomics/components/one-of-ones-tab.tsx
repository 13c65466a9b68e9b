import { oneOfOneBonus } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { FactList } from './fact-list';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

export function OneOfOnesTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.oneOfOnes;
  const format = useFormat();

  return (
    <Section title={text.heading}>
      <p className="tk-formula tk-formula--large numeric">
        {text.formula(
          format.number(oneOfOneBonus.holders),
          format.tokens(oneOfOneBonus.tokensEach),
          format.tokens(oneOfOneBonus.totalTokens),
        )}
      </p>
      <FactList
        facts={[
          { label: text.timing, value: text.immediate },
          { label: text.source, value: text.treasury },
        ]}
      />
    </Section>
  );
}
