import { totalSupply } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DistributionChart } from './distribution-chart';
import { DistributionTable } from './distribution-table';
import { FactList } from './fact-list';
import { Section } from './section';
import { useFormat } from '../hooks/use-format';

export function OverviewTab() {
  const { t } = useLanguage();
  const text = t.tokenomics.overview;
  const format = useFormat();

  return (
    <Section title={text.heading}>
      <FactList facts={[{ label: text.totalSupply, value: format.tokens(totalSupply) }]} />
      <div className="tk-overview">
        <DistributionChart />
        <DistributionTable />
      </div>
    </Section>
  );
}
