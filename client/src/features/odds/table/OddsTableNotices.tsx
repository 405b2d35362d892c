import { sportsbookName } from '@oddspulse/shared';
import type { TableMode } from '../rows/rows';

/** The event the empty state's Reset Filters button fires (spec 001 §2); the page resets its filters on it. */
export const RESET_FILTERS_EVENT = 'reset-filters';

const DFS_APPS = ['prizepicks', 'underdog', 'pick6', 'dabble_au', 'sleeper'];

/** The loading panel (spec 001 §4); the caller decides how long it shows. */
export function TableLoading({ mode }: { mode: TableMode }) {
  return (
    <div className="table-loading card" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {mode === 'props' ? 'Loading player props...' : 'Refreshing odds data...'}
    </div>
  );
}

/** No row to show (spec 001 §2 empty state): what was asked for, and the ways out. */
export function TableEmpty({
  mode,
  selectedBooks,
  gamesCount,
  marketsCount,
}: {
  mode: TableMode;
  selectedBooks: readonly string[];
  gamesCount: number;
  marketsCount: number;
}) {
  const dfsOnly = selectedBooks.length > 0 && selectedBooks.every((b) => DFS_APPS.includes(b));
  return (
    <div className="table-empty card" data-testid="odds-empty">
      <h3>{dfsOnly ? 'No DFS App Bets Found' : 'No Bets Available'}</h3>
      <p className="muted">
        Books: {selectedBooks.map((b) => sportsbookName(b)).join(', ') || 'all'} · Mode:{' '}
        {mode === 'props' ? 'Player Props' : 'Straight Bets'} · Games: {gamesCount} · Markets: {marketsCount}
      </p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Refresh Data
        </button>
        <button type="button" className="button" onClick={() => window.dispatchEvent(new Event(RESET_FILTERS_EVENT))}>
          Reset Filters
        </button>
      </div>
    </div>
  );
}

/**
 * What the user's books keep out of the table (DECISIONS 28 and 32): how many positive-EV rows every book would add,
 * with "Show all books" for this view; while every book shows, the way back to the user's own.
 */
export function BooksHint({
  hidden,
  everyBook,
  onEveryBook,
  onMyBooks,
}: {
  hidden: number;
  everyBook: boolean;
  onEveryBook: () => void;
  onMyBooks: () => void;
}) {
  if (everyBook)
    return (
      <p className="muted small books-hint" data-testid="every-book">
        Showing every book for this view.{' '}
        <button type="button" className="link-button" onClick={onMyBooks}>
          Back to my books
        </button>
      </p>
    );
  if (hidden === 0) return null;
  return (
    <p className="muted small books-hint" data-testid="hidden-by-books">
      {hidden} positive-EV {hidden === 1 ? 'bet' : 'bets'} hidden by your books.{' '}
      <button type="button" className="button small" onClick={onEveryBook}>
        Show all books
      </button>
    </p>
  );
}
