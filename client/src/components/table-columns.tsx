import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  header: ReactNode;
  cell: (row: Row, index: number) => ReactNode;
  /** Right-aligned tabular figures that do not wrap. */
  numeric?: boolean;
  /** Extra classes for the column's header and cells. */
  className?: string;
}

type ColumnLook = Pick<TableColumn<never>, 'numeric' | 'className'>;

/** The classes of a column's header and cells in the table styled by `block` (`data-table`, `ranked-table`). */
export function columnClass(block: string, column: ColumnLook): string | undefined {
  const classes = [column.numeric ? `${block}__num` : '', column.className ?? ''].filter(Boolean).join(' ');
  return classes || undefined;
}

/** The column headers, in a `<tr>` the table writes. */
export function ColumnHeaders({ block, columns }: { block: string; columns: readonly Pick<TableColumn<never>, 'header' | 'numeric' | 'className'>[] }) {
  return (
    <>
      {columns.map((column, index) => (
        <th key={index} scope="col" className={columnClass(block, column)}>
          {column.header}
        </th>
      ))}
    </>
  );
}
