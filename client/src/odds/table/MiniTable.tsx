import { flashOf, formatPriceAge, type Flashes } from '../rows/live-table';
import type { OddsDisplayFormat } from '../filters/filter-settings';
import { selectionLabel } from '../rows/labels';
import { OpenInBook } from '../../components/OpenInBook';
import { BookLogo, evClass, evText, HOLD_TITLE, holdText, Price, priceOf } from './PriceCell';
import { lowestHoldBook, miniTableBooks, miniTableLimit, type BookPrice, type OddsRow, type TableMode } from '../rows/rows';

/**
 * An open row's books (spec 001 §2 mini table): each book's price, EV and age, the user's books first; a combined
 * prop lists both sides per book.
 */
export function MiniTable({
  row,
  format,
  flashes,
  now,
  mode,
  allBooks,
  onAllBooks,
}: {
  row: OddsRow;
  format: OddsDisplayFormat;
  flashes: Flashes;
  now: number;
  mode: TableMode;
  /** Every book listed, past the mode's limit. */
  allBooks: boolean;
  onAllBooks: (all: boolean) => void;
}) {
  if (row.isCombinedProp) {
    const limit = miniTableLimit(mode);
    const books = new Map<string, { title: string; over?: BookPrice; under?: BookPrice }>();
    for (const b of row.overBooks ?? []) books.set(b.book, { title: b.title, over: b });
    for (const b of row.underBooks ?? []) books.set(b.book, { ...(books.get(b.book) ?? { title: b.title }), under: b });
    return (
      <table className="mini-table" aria-label={`Books for ${selectionLabel(row)}`}>
        <thead>
          <tr>
            <th>Book</th>
            <th>Over {row.point}</th>
            <th>Under {row.point}</th>
            <th>Age</th>
          </tr>
        </thead>
        <tbody>
          {[...books.entries()].slice(0, limit).map(([book, v]) => (
            <tr key={book}>
              <td>
                {v.title}
                <OpenInBook book={book} title={v.title} link={(v.over ?? v.under)?.link} compact />
              </td>
              {(['over', 'under'] as const).map((side) => {
                const b = v[side];
                return (
                  <td key={side}>
                    {b ? (
                      b.locked ? (
                        <span className="locked">Locked</span>
                      ) : (
                        <Price value={priceOf(b)} format={format} flash={flashOf(flashes, `${row.key}|${book}|${side === 'over' ? 'Over' : 'Under'}`, now)} />
                      )
                    ) : (
                      '—'
                    )}
                  </td>
                );
              })}
              <td className="muted">{formatPriceAge((v.over ?? v.under)!.lastUpdate, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  const shown = miniTableBooks(row, mode, allBooks);
  const more = row.allBooks.length - miniTableBooks(row, mode).length;
  const lowest = lowestHoldBook(row.allBooks);
  return (
    <>
      <table className="mini-table" aria-label={`Books for ${selectionLabel(row)}`}>
        <thead>
          <tr>
            <th>Book</th>
            <th>Odds</th>
            <th>EV %</th>
            <th title={HOLD_TITLE}>Hold</th>
            <th>Age</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((b) => (
            <tr key={b.book} className={row.selectedBooks.includes(b) ? 'selected-book' : 'other-book'} data-testid="mini-book" data-book={b.book}>
              <td>
                <BookLogo book={b.book} />
                {b.title}
                <OpenInBook book={b.book} title={b.title} link={b.link} compact />
                {b === lowest && (
                  <span className="lowest-hold" data-testid="lowest-hold" title="The lowest hold among the books quoting every side of this line">
                    Lowest hold
                  </span>
                )}
              </td>
              <td>
                {b.locked ? (
                  <span className="locked">Locked</span>
                ) : (
                  <Price value={priceOf(b)} format={format} flash={flashOf(flashes, `${row.key}|${b.book}`, now)} />
                )}
              </td>
              <td className={evClass(b.evPct)}>{evText(b.evPct)}</td>
              <td className="hold" data-testid="mini-hold">
                {holdText(b.hold)}
              </td>
              <td className="muted">{formatPriceAge(b.lastUpdate, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {more > 0 && (
        <button
          type="button"
          className="link-button small"
          data-testid="mini-table-more"
          aria-expanded={allBooks}
          onClick={(e) => {
            e.stopPropagation();
            onAllBooks(!allBooks);
          }}
        >
          {allBooks ? `Show the first ${shown.length - more}` : `${more} more ${more === 1 ? 'book quotes' : 'books quote'} this line — show`}
        </button>
      )}
    </>
  );
}
