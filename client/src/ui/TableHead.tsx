import type { ReactNode } from 'react';

/** A table's head row: one column heading a column, in order (a heading may be for screen readers only). */
export function TableHead({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
