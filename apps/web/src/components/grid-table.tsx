import type { ReactNode, TableHTMLAttributes } from 'react';

/** A plain table of rows under column headers (a repayment schedule): each row's cells in the headers' order. */
export function GridTable<Row extends { key: number | string }>({
  headers,
  rows,
  cells,
  ...table
}: {
  headers: readonly string[];
  rows: readonly Row[];
  cells: (row: Row) => readonly ReactNode[];
} & TableHTMLAttributes<HTMLTableElement>) {
  return (
    <table {...table}>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {cells(row).map((cell, column) => (
              <td key={column}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
