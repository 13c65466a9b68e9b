import { stakingSeasons } from '@shared/tokenomics';
import { useLanguage } from '@client/lib/i18n/language-provider';
import { DataTable } from '@client/components/data-table';
import { useFormat } from '../hooks/use-format';

export function SeasonTable() {
  const { t } = useLanguage();
  const text = t.tokenomics.staking;
  const format = useFormat();

  return (
    <DataTable
      caption={text.seasonsCaption}
      rows={stakingSeasons}
      rowKey={(season) => season.season}
      columns={[
        { header: text.colSeason, className: 'data-table__nowrap', cell: (season) => text.seasonName(format.number(season.season)) },
        { header: text.colPool, numeric: true, cell: (season) => format.tokens(season.nominalPool) },
        {
          header: text.colPaid,
          numeric: true,
          className: 'data-table__wrap',
          cell: (season) =>
            season.rewardsAfterTgeBlocks === 0
              ? text.immediate
              : t.tokenomics.units.tgePlus(format.number(season.rewardsAfterTgeBlocks)),
        },
      ]}
    />
  );
}
