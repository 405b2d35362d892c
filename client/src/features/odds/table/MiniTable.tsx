import { flashOf, formatPriceAge, type Flashes } from '../rows/live-table';
import type { OddsDisplayFormat } from '../../../format/odds-format';
import { selectionLabel } from '../../../format/bet-labels';
import { BookLine, PropBookLine } from './MiniTableLines';
import { HOLD_TITLE } from './PriceCell';
import {
  lowestHoldBook,
  miniTableBooks,
  miniTableLimit,
  type BookPrice,
  type OddsRow,
  type TableMode,
} from '../rows/rows';

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
  if (row.isCombinedProp) return <PropMiniTable row={row} format={format} flashes={flashes} now={now} mode={mode} />;
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
            <BookLine
              key={b.book}
              price={b}
              selected={row.selectedBooks.includes(b)}
              lowest={b === lowest}
              format={format}
              flash={flashOf(flashes, `${row.key}|${b.book}`, now)}
              age={formatPriceAge(b.lastUpdate, now)}
            />
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
          {allBooks
            ? `Show the first ${shown.length - more}`
            : `${more} more ${more === 1 ? 'book quotes' : 'books quote'} this line — show`}
        </button>
      )}
    </>
  );
}

/** A combined prop's books: both sides' prices per book, up to the mode's limit. */
function PropMiniTable({
  row,
  format,
  flashes,
  now,
  mode,
}: {
  row: OddsRow;
  format: OddsDisplayFormat;
  flashes: Flashes;
  now: number;
  mode: TableMode;
}) {
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
          <PropBookLine
            key={book}
            book={book}
            title={v.title}
            over={v.over}
            under={v.under}
            format={format}
            overFlash={flashOf(flashes, `${row.key}|${book}|Over`, now)}
            underFlash={flashOf(flashes, `${row.key}|${book}|Under`, now)}
            age={formatPriceAge((v.over ?? v.under)!.lastUpdate, now)}
          />
        ))}
      </tbody>
    </table>
  );
}
