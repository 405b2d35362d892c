import { pageButtons, pageCount } from './pagination';

/** Prev, the page numbers around the current one, and Next (nothing when the rows fit one page). */
export function OddsPagination({
  page,
  rows,
  size,
  onPage,
}: {
  page: number;
  rows: number;
  size: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(rows, size);
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <button type="button" className="button small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Prev
      </button>
      {pageButtons(page, rows, size).map((n) => (
        <button
          key={n}
          type="button"
          className={`button small${n === page ? ' primary' : ''}`}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="button small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
