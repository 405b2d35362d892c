import { Link } from 'react-router-dom';
import type { ScannerKind } from './scanner-settings';
import type { FeedState } from './useScannerFeed';

/** A live list's first load: its spinner while nothing is shown yet, and its error with Retry. */
export function FeedLoadState({
  state,
  empty,
  label,
  onRetry,
}: {
  state: FeedState;
  empty: boolean;
  label: string;
  onRetry: () => void;
}) {
  if (state.status === 'loading' && empty)
    return (
      <div className="table-loading card" role="status">
        <span className="spinner" aria-hidden="true" /> {label}
      </div>
    );
  if (state.status !== 'error') return null;
  return (
    <div className="banner banner-error" role="alert">
      {state.message}{' '}
      <button type="button" className="button small" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function ShowAllBooks({ onShowAll }: { onShowAll: () => void }) {
  return (
    <button type="button" className="button small" onClick={onShowAll}>
      Show all books
    </button>
  );
}

/**
 * The scanner with nothing to show (spec 001 §5; DECISIONS 28): when the user's books hide opportunities the server
 * holds, it says how many, with a one-click "Show all books", instead of suggesting lower minimums; so it does when
 * the page's search leaves out the other games' opportunities.
 */
export function ScannerEmpty({
  kind,
  hidden,
  outsideSearch,
  onShowAll,
}: {
  kind: ScannerKind;
  hidden: number;
  outsideSearch: number;
  onShowAll: () => void;
}) {
  const what = (n: number) =>
    kind === 'arbitrage' ? `arbitrage ${n === 1 ? 'opportunity' : 'opportunities'}` : n === 1 ? 'middle' : 'middles';
  return (
    <div className="table-empty card" data-testid="scanner-empty">
      <h3>{kind === 'arbitrage' ? 'No Real Arbitrage Opportunities Found' : 'No Middle Opportunities Found'}</h3>
      {hidden > 0 ? (
        <p className="muted" data-testid="hidden-by-books">
          {hidden} {what(hidden)} hidden by your books. <ShowAllBooks onShowAll={onShowAll} />
        </p>
      ) : outsideSearch > 0 ? (
        <p className="muted" data-testid="hidden-by-search">
          {outsideSearch} {what(outsideSearch)} for other games hidden by the search.
        </p>
      ) : (
        <p className="muted">
          {kind === 'arbitrage' ? 'Try lowering the minimum profit.' : 'Try lowering the minimum gap or probability.'}{' '}
          New {kind === 'arbitrage' ? 'opportunities' : 'middles'} appear here as soon as they are found.
        </p>
      )}
    </div>
  );
}

/** A thin list says what the book filter keeps back as well (DECISIONS 28). */
export function HiddenByBooks({ hidden, onShowAll }: { hidden: number; onShowAll: () => void }) {
  if (hidden === 0) return null;
  return (
    <p className="muted small scanner-hidden" data-testid="hidden-by-books">
      {hidden} more hidden by your books. <ShowAllBooks onShowAll={onShowAll} />
    </p>
  );
}

/**
 * What the scanner says about an alert's opportunity it cannot show; when it is gone or expired, a link to its game's
 * current prices on the odds table (`gamePrices`) where the alert's link names them.
 */
export function AlertTargetNotice({
  message,
  canShowAll,
  onShowAll,
  gamePrices,
}: {
  message: string | null;
  canShowAll: boolean;
  onShowAll: () => void;
  gamePrices: string | null;
}) {
  if (!message) return null;
  return (
    <div className="banner banner-info" role="status" data-testid="alert-target">
      {message} {canShowAll && <ShowAllBooks onShowAll={onShowAll} />}
      {gamePrices && (
        <Link to={gamePrices} data-testid="alert-game-prices">
          Current prices for the game
        </Link>
      )}
    </div>
  );
}
