import { distribution, futureIncentivesReadings, totalSupply } from '@shared/tokenomics';
import { useLanguage } from '@client/app/i18n/language-provider';
import { DistributionChart } from './distribution-chart';
import { DistributionTable } from './distribution-table';
import { FactList } from './fact-list';
import { ReadingNote } from './reading-note';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

export function OverviewTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.overview;
  const format = useFormat();
  const [main, other] = futureIncentivesReadings;
  const totalPercent = distribution.reduce((sum, item) => sum + item.percent, 0);
  const totalWithOther = totalPercent - main.percent + other.percent;

  return (
    <Section title={text.heading}>
      <FactList facts={[{ label: text.totalSupply, value: format.tokens(totalSupply) }]} />
      <div className="tk-overview">
        <DistributionChart />
        <DistributionTable />
      </div>
      <ReadingNote>
        <p>
          {text.futureNote(
            format.percent(main.percent),
            format.tokens(main.tokens),
            format.percent(other.percent),
            format.percent(totalWithOther),
          )}
        </p>
      </ReadingNote>
    </Section>
  );
}
