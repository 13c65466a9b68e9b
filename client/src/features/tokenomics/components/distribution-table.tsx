import { distribution } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { distributionColours } from './distribution-colours';
import { useFormat } from '../hooks/use-format';

export function DistributionTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.overview;
  const format = useFormat();
  const totalPercent = distribution.reduce((sum, item) => sum + item.percent, 0);
  const totalTokens = distribution.reduce((sum, item) => sum + item.tokens, 0);

  return (
    <DataTable
      caption={text.caption}
      rows={distribution}
      rowKey={(item) => item.key}
      columns={[
        {
          header: text.colAllocation,
          cell: (item) => (
            <span className="tk-label">
              <span className="tk-swatch" style={{ background: distributionColours[item.key] }} aria-hidden="true" />
              {t.tokenomics.distribution[item.key]}
            </span>
          ),
        },
        { header: text.colShare, numeric: true, cell: (item) => format.percent(item.percent) },
        { header: text.colTokens, numeric: true, cell: (item) => format.tokens(item.tokens) },
      ]}
      footer={[text.total, format.percent(totalPercent), format.tokens(totalTokens)]}
    />
  );
}
