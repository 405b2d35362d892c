import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BooksHint, matchesOpportunitySearch } from '../odds';
import { FeedLoadState, HiddenByBooks } from '../scanners';
import { hiddenSteam, steamForBooks } from './steam-feed';
import { SteamCard } from './SteamCard';
import { useSteamFeed } from './useSteamFeed';

/**
 * The Steam list (Platinum; DECISIONS 34): sharp moves the soft books have not followed yet, live over the socket,
 * through the page's search as the other scanners' lists, showing the stale prices at the user's books (DECISIONS 36)
 * with what the book filter hides (DECISIONS 28, 32).
 */
export function SteamPanel({
  sports,
  books,
  search,
  everyBook,
  onEveryBook,
}: {
  sports: readonly string[];
  books: readonly string[];
  /** "Show all books" pressed on this list (DECISIONS 32): the page's, which its filters end. */
  everyBook: boolean;
  onEveryBook: (everyBook: boolean) => void;
  /**
   * The page's search (its chip; a steam alert's link names its game): only the alerts it matches are listed and
   * counted, by the rule the arbitrage and middles scanners use.
   */
  search: string;
}) {
  const [params] = useSearchParams();
  const shownBooks = useMemo(() => (everyBook ? [] : books), [everyBook, books]);
  const { items, state, now, load } = useSteamFeed(sports.join(','));
  const searched = useMemo(() => items.filter((item) => matchesOpportunitySearch(item.alert, search)), [items, search]);
  // the active alerts of other games: an empty list says the search, not the market, keeps them out
  const outsideSearch = useMemo(
    () => items.filter((item) => item.status !== 'expired' && !matchesOpportunitySearch(item.alert, search)).length,
    [items, search],
  );
  const visible = useMemo(() => steamForBooks(searched, shownBooks), [searched, shownBooks]);
  const hidden = useMemo(() => hiddenSteam(searched, shownBooks), [searched, shownBooks]);
  const targetId = params.get('opportunity');
  const showAll = () => onEveryBook(true);
  return (
    <section className="scanner steam" aria-label="Steam alerts">
      <p className="muted small steam-intro">
        A sharp book moved the line and the market confirmed it: these soft books are still at the old price, priced
        against the new fair line. <Link to="/steam/record">How past alerts closed →</Link>
      </p>
      <FeedLoadState
        state={state}
        empty={items.length === 0}
        label="Watching for steam..."
        onRetry={() => void load()}
      />
      {everyBook && <BooksHint hidden={0} everyBook onEveryBook={showAll} onMyBooks={() => onEveryBook(false)} />}
      {state.status === 'ready' && visible.length === 0 && (
        <div className="table-empty card" data-testid="steam-empty">
          <h3>No steam right now</h3>
          {hidden > 0 ? (
            <p className="muted" data-testid="hidden-by-books">
              {hidden} {hidden === 1 ? 'alert' : 'alerts'} hidden by your books.{' '}
              <button type="button" className="button small" onClick={showAll}>
                Show all books
              </button>
            </p>
          ) : outsideSearch > 0 ? (
            <p className="muted" data-testid="hidden-by-search">
              {outsideSearch} {outsideSearch === 1 ? 'alert' : 'alerts'} for other games hidden by the search.
            </p>
          ) : (
            <p className="muted">An alert appears here the moment a sharp move is confirmed.</p>
          )}
        </div>
      )}
      {visible.length > 0 && <HiddenByBooks hidden={hidden} onShowAll={showAll} />}
      <div className="opportunities" aria-live="polite">
        {visible.map((item) => (
          <SteamCard key={item.alert.id} item={item} now={now} targeted={item.alert.id === targetId} />
        ))}
      </div>
    </section>
  );
}
