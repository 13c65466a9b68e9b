import { lockPeriods } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { useFormat } from '../hooks/use-format';

export function LockPeriodTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();

  return (
    <DataTable
      caption={text.locksCaption}
      rows={lockPeriods}
      rowKey={(period) => period.months}
      columns={[
        { header: text.colLock, cell: (period) => t.tokenomics.units.months(period.months, format.number(period.months)) },
        { header: text.colBlocks, numeric: true, cell: (period) => format.number(period.blocks) },
        {
          header: text.colDuration,
          numeric: true,
          cell: (period) => (
            <>
              ×{format.multiplier(period.seasonOneDurationMultiplier, 1)}
              {period.penalised ? <span className="tk-tag">{text.penalised}</span> : null}
            </>
          ),
        },
      ]}
    />
  );
}
