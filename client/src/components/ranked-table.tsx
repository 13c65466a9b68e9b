import type { ReactNode } from 'react';
import { ColumnHeaders, columnClass, type TableColumn } from './table-columns';
import '@client/styles/ranked-table.css';

export interface RankedColumn<Row> extends TableColumn<Row> {
  /** The column that names the row (its wallet): a row header. */
  rowHeader?: boolean;
}

interface RankedTableProps<Row> {
  /** A visible caption; or `labelledBy`, the id of the heading that names the table. */
  caption?: ReactNode;
  labelledBy?: string;
  rankHeader: ReactNode;
  /** The rank as shown, in the page's language. */
  rank: (row: Row, index: number) => ReactNode;
  columns: readonly RankedColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Marks the viewer's own row. */
  isCurrent?: (row: Row) => boolean;
  /** Dimmed while the next page loads. */
  stale?: boolean;
}

const block = 'ranked-table';

/** A ranked list a page at a time: rank, the row's name, its figures. */
export function RankedTable<Row>(props: RankedTableProps<Row>) {
  const { caption, labelledBy, rankHeader, rank, columns, rows, rowKey, isCurrent, stale = false } = props;

  return (
    <div className={stale ? 'ranked-table-wrap is-loading' : 'ranked-table-wrap'}>
      <table className="ranked-table" aria-labelledby={labelledBy}>
        {caption !== undefined && <caption className="ranked-table__caption">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col" className="ranked-table__rank">
              {rankHeader}
            </th>
            <ColumnHeaders block={block} columns={columns} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => {
            const current = isCurrent?.(row) ?? false;
            return (
              <tr key={rowKey(row)} className={current ? 'is-current' : undefined} aria-current={current ? 'true' : undefined}>
                <td className="ranked-table__rank numeric">{rank(row, rowIndex)}</td>
                {columns.map((column, index) => {
                  const Cell = column.rowHeader ? 'th' : 'td';
                  return (
                    <Cell key={index} scope={column.rowHeader ? 'row' : undefined} className={columnClass(block, column)}>
                      {column.cell(row, rowIndex)}
                    </Cell>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
