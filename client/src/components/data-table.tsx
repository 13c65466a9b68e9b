import type { ReactNode } from 'react';
import { ColumnHeaders, columnClass, type TableColumn } from './table-columns';
import '@client/styles/data-table.css';

export type DataColumn<Row> = TableColumn<Row>;

interface DataTableProps<Row> {
  caption: ReactNode;
  /** The first column names the row and is its row header. */
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** A totals row, one cell per column. */
  footer?: readonly ReactNode[];
}

const block = 'data-table';

function Cells({ columns, values }: { columns: readonly DataColumn<never>[]; values: readonly ReactNode[] }) {
  return (
    <>
      {columns.map((column, index) =>
        index === 0 ? (
          <th key={index} scope="row" className={columnClass(block, column)}>
            {values[index]}
          </th>
        ) : (
          <td key={index} className={columnClass(block, column)}>
            {values[index]}
          </td>
        ),
      )}
    </>
  );
}

/** A captioned table of figures: column headers, one row header per row, an optional totals row. */
export function DataTable<Row>({ caption, columns, rows, rowKey, footer }: DataTableProps<Row>) {
  return (
    <div className="data-table-wrap">
      <table className="data-table">
        <caption className="data-table__caption">{caption}</caption>
        <thead>
          <tr>
            <ColumnHeaders block={block} columns={columns} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowKey(row)}>
              <Cells columns={columns} values={columns.map((column) => column.cell(row, rowIndex))} />
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot>
            <tr>
              <Cells columns={columns} values={footer} />
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
