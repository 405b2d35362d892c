import type { ReactNode } from 'react';
import { TableHead } from '../../ui/TableHead';

/**
 * One table of the operations page: its heading, then what could not be read (the banner above says why), what is
 * empty, or the rows under their column headings.
 */
export function OpsTableSection<T>({
  id,
  title,
  items,
  unreadable,
  empty,
  columns,
  scroll = false,
  row,
}: {
  id: string;
  title: string;
  items: readonly T[] | null;
  /** "The feeds could not be read (see above)." */
  unreadable: string;
  /** Shown when there is nothing to list; without it an empty table is shown. */
  empty?: string;
  columns: readonly string[];
  /** Wide tables scroll sideways inside the card. */
  scroll?: boolean;
  row: (item: T) => ReactNode;
}) {
  const table = items && (
    <table className="ops-table">
      <TableHead columns={columns} />
      <tbody>{items.map(row)}</tbody>
    </table>
  );
  return (
    <section className="card ops-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {!items ? (
        <p className="muted">{unreadable}</p>
      ) : items.length === 0 && empty ? (
        <p className="muted">{empty}</p>
      ) : scroll ? (
        // a table wider than the card scrolls sideways: focusable, so a keyboard can scroll it too (WCAG 2.1.1)
        <div className="ops-table-wrap" tabIndex={0} role="region" aria-labelledby={id}>
          {table}
        </div>
      ) : (
        table
      )}
    </section>
  );
}
