import type { ReactNode } from 'react';
import { useId } from 'react';
import styled from 'styled-components';

/** One column of a {@link DataTable}. */
export interface DataColumn<Row> {
  /** A stable key for React. */
  key: string;
  /** The column header (`<th scope="col">`). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and money line up at the end of the cell. */
  numeric?: boolean;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<Row> {
  /** The table's name (its `<caption>`); also names the scroll region. */
  caption: string;
  /** Show the caption, or keep it for screen readers only (when a heading above says the same). */
  showCaption?: boolean;
  columns: ReadonlyArray<DataColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row's header cell: the column whose cell names the row (`<th scope="row">`), default the first. */
  rowHeader?: string;
}

const StyledScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.base};
`;

const StyledTable = styled.table`
  inline-size: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typography.size.small};
  caption {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    text-align: start;
    font-weight: ${({ theme }) => theme.typography.weight.medium};
  }
  caption[data-hidden] {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(1.5)} ${({ theme }) => theme.space(3)};
    border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
    text-align: start;
    vertical-align: top;
  }
  thead th {
    position: sticky;
    inset-block-start: 0;
    background: ${({ theme }) => theme.color.surface.raised};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    white-space: nowrap;
  }
  tbody th {
    font-weight: ${({ theme }) => theme.typography.weight.regular};
  }
  tbody tr:last-child > * {
    border-block-end: 0;
  }
  tbody tr:hover {
    background: ${({ theme }) => theme.color.surface.raised};
  }
  [data-numeric] {
    text-align: end;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

/**
 * A real table for lists of records: a caption, column headers, a row header, numbers aligned at the end. Wide tables
 * scroll inside a focusable region named by the caption, so the keyboard scrolls them too.
 */
export function DataTable<Row>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  rowHeader,
}: DataTableProps<Row>) {
  const captionId = useId();
  const headerKey = rowHeader ?? columns[0]?.key;
  return (
    <StyledScroll role="region" aria-labelledby={captionId} tabIndex={0}>
      <StyledTable>
        <caption id={captionId} data-hidden={showCaption ? undefined : ''}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" data-numeric={column.numeric ? '' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.key === headerKey ? (
                  <th key={column.key} scope="row" data-numeric={column.numeric ? '' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} data-numeric={column.numeric ? '' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </StyledTable>
    </StyledScroll>
  );
}
