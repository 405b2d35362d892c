import { useAtom, useSetAtom, useStore } from 'jotai';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { decimalToAmericanRounded } from '@oddspulse/shared';
import { addToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { rowToSlipItem } from '../bet-slip/slip-items';
import { useIsMobile } from '../components/hooks/useMediaQuery';
import { isAuthenticationError } from './loading/connection-error';
import { storedPart, type OddsFilters } from './filters/filter-settings';
import { filterRows, sportsOutsideSearch } from './filters/filters';
import { rowSelection, selectionKey } from './loading/first-load';
import { everyBookRows, positiveRowsHiddenByBooks, type EveryBookRows } from './rows/hidden-by-books';
import { DevigMethodPicker } from './filters/DevigMethodPicker';
import { FiltersPanel } from './filters/FiltersPanel';
import { LOADING_TIMINGS } from './loading/loading-screen';
import { AuthRequiredPanel, ConnectionErrorPanel, StaleBanner } from './OddsNotices';
import { appliedFiltersAtom, devigChoiceAtom, liveEnabledAtom } from './odds-state';
import { OddsTable } from './table/OddsTable';
import { BooksHint } from './table/OddsTableNotices';
import { RefreshControls } from './RefreshControls';
import type { OddsRow, TableMode } from './rows/rows';
import { SearchOddsModal } from './filters/SearchOddsModal';
import { SearchScope } from './filters/SearchScope';
import { useFilterEvents } from './filters/useFilterEvents';
import { useLiveOdds } from './loading/useLiveOdds';
import { useOddsSports } from './loading/useOddsSports';
import { usePageBooks } from '../state/starting-books';
import { filtersForLink, type LinkSelection } from './alert-link';

// Opened from a row, so it loads then rather than with the page's first paint
const EdgeCalculatorModal = lazy(() =>
  import('../bet-slip/EdgeCalculatorModal').then((m) => ({ default: m.EdgeCalculatorModal })),
);

/** No book filter: the rows of every book the plan sells (the boards hold no other). */
const EVERY_BOOK: readonly string[] = [];

/** The straight bets and props sections: filters, live table, refresh and live toggle. */
export function OddsSection({
  mode,
  platinum,
  search,
  onSearch,
  link,
}: {
  mode: TableMode;
  platinum: boolean;
  search: string;
  onSearch: (text: string) => void;
  /** What the address's link (an alert's) selects. */
  link: LinkSelection | null;
}) {
  const [stored, setStored] = useAtom(appliedFiltersAtom);
  // DECISIONS 36: the books start from the user's saved books; a pick in the filters is this view's, until they leave.
  // An alert's link adds its bet's book to this view, and its sport and market to the filters, so the bet shows.
  const { books, starting, choose } = usePageBooks(link?.books);
  const store = useStore();
  useEffect(() => {
    const next = link && filtersForLink(store.get(appliedFiltersAtom), link, mode);
    if (next) setStored(next);
  }, [link, mode, store, setStored]);
  const applied = useMemo<OddsFilters>(() => ({ ...stored, books: [...books] }), [stored, books]);
  const setApplied = useCallback(
    (next: OddsFilters) => {
      setStored(storedPart(next));
      choose(next.books);
    },
    [setStored, choose],
  );
  const [live, setLive] = useAtom(liveEnabledAtom);
  const [devig, setDevig] = useAtom(devigChoiceAtom);
  const sports = useOddsSports();
  const [mobileFilters, setMobileFilters] = useFilterEvents(starting, setApplied);
  const [edgeRow, setEdgeRow] = useState<OddsRow | null>(null);
  const [searching, setSearching] = useState(false);
  // DECISIONS 32: "Show all books" widens this view until the user leaves it; only My Sportsbooks changes their books
  const [everyBook, setEveryBook] = useState(false);
  const isMobile = useIsMobile();
  const setSlip = useSetAtom(betSlipAtom);
  const bankroll = useBankroll();

  // Gold always streams; Platinum may pause (spec 001 §6: the toggle is not shown for Gold).
  const streaming = platinum ? live : true;
  const markets = mode === 'props' ? applied.propMarkets : applied.markets;
  const data = useLiveOdds({
    mode,
    sports: applied.sports,
    markets,
    books: everyBook ? EVERY_BOOK : applied.books,
    live: streaming,
    enabled: true,
    timings: LOADING_TIMINGS[mode],
    usePrefetch: mode === 'props',
    devig,
    commission: bankroll.commissions,
  });
  // The table filters its rows with the filters and search one render behind when they change: the field or box the
  // user touched answers at once, and React re-filters the table (800 rows and more) as a transition it can interrupt
  // with the next key press.
  const shown = useDeferredValue(applied);
  const shownSearch = useDeferredValue(search);
  const rows = useMemo(
    () =>
      filterRows(
        data.rows,
        { minEv: shown.minEv, positiveOnly: shown.positiveOnly, search: shownSearch, date: shown.date },
        data.now,
      ),
    [data.rows, data.now, shown.minEv, shown.positiveOnly, shown.date, shownSearch],
  );
  // What every book would add to the view: counted from the same boards, one render behind; a diff or the clock builds
  // again only the events it changed, as the table itself does
  const hiddenBoards = useDeferredValue(data.boards);
  const hiddenShown = useDeferredValue(data.rows);
  const hiddenNow = useDeferredValue(data.now);
  // the last rows with every book, which the next are built from
  const everyBookBuilt = useRef<EveryBookRows | null>(null);
  const everyBookNow = useMemo(() => {
    if (everyBook || applied.books.length === 0) return null;
    const selection = rowSelection(mode, EVERY_BOOK, markets, devig, bankroll.commissions);
    everyBookBuilt.current = everyBookRows(everyBookBuilt.current, selectionKey(selection), hiddenBoards, {
      ...selection,
      now: hiddenNow,
    });
    return everyBookBuilt.current;
  }, [everyBook, applied.books.length, hiddenBoards, hiddenNow, mode, markets, devig, bankroll.commissions]);
  const hidden = useMemo(() => {
    if (!everyBookNow) return 0;
    const keep = (built: Parameters<typeof filterRows>[0]) =>
      filterRows(built, { minEv: shown.minEv, positiveOnly: false, search: shownSearch, date: shown.date }, hiddenNow);
    return positiveRowsHiddenByBooks(everyBookNow.table.rows, hiddenShown, keep);
  }, [everyBookNow, hiddenShown, hiddenNow, shown.minEv, shown.date, shownSearch]);
  const outside = sportsOutsideSearch(search, applied.sports, sports);
  const games = useMemo(() => new Set(data.rows.map((r) => r.eventId)).size, [data.rows]);

  const addRow = useCallback(
    (row: OddsRow) => {
      const item = rowToSlipItem(row);
      if (item) setSlip((s) => addToSlip(s, item, bankroll.cents));
    },
    [setSlip, bankroll.cents],
  );

  const onApply = (next: OddsFilters) => setApplied(next);

  let main;
  if (data.state.status === 'error') {
    main = isAuthenticationError(data.state.message) ? (
      <AuthRequiredPanel />
    ) : (
      <ConnectionErrorPanel message={data.state.message} status={data.state.httpStatus} />
    );
  } else {
    main = (
      <OddsTable
        rows={rows}
        flashes={data.flashes}
        now={data.now}
        mode={mode}
        loading={data.loading}
        selectedBooks={applied.books}
        gamesCount={games}
        marketsCount={markets.length}
        onAddToSlip={addRow}
        onEdge={setEdgeRow}
      />
    );
  }

  return (
    <div className="odds-layout">
      <FiltersPanel
        applied={applied}
        onApply={onApply}
        sports={sports}
        mode={mode}
        startingBooks={starting}
        mobileOpen={mobileFilters}
        onMobileClose={() => setMobileFilters(false)}
      />
      <div className="odds-main">
        <div className="odds-toolbar">
          {isMobile && (
            <button type="button" className="button small" onClick={() => setSearching(true)} data-testid="open-search">
              {search ? `Search: “${search}”` : 'Search'}
            </button>
          )}
          <RefreshControls
            refresh={data.refresh}
            lockedUntil={data.refreshLockedUntil}
            live={live}
            setLive={setLive}
            showLiveToggle={platinum}
          />
          <DevigMethodPicker value={devig} onChange={setDevig} />
        </div>
        <StaleBanner staleSports={data.staleSports} sports={sports} />
        {outside && (
          <SearchScope
            searched={applied.sports}
            sports={sports}
            onSearchAll={() => setApplied({ ...applied, sports: [...applied.sports, ...outside] })}
          />
        )}
        <BooksHint
          hidden={hidden}
          everyBook={everyBook}
          onEveryBook={() => setEveryBook(true)}
          onMyBooks={() => setEveryBook(false)}
        />
        {main}
      </div>
      {searching && <SearchOddsModal initial={search} onSearch={onSearch} onClose={() => setSearching(false)} />}
      {edgeRow && (
        <Suspense fallback={null}>
          <EdgeCalculatorModal
            initialBookOdds={edgeRow.best ? decimalToAmericanRounded(edgeRow.best.decimal) : undefined}
            initialFairOdds={
              edgeRow.fairProbability ? decimalToAmericanRounded(1 / edgeRow.fairProbability) : undefined
            }
            initialMarket={edgeRow.best?.market}
            exact={{ decimal: edgeRow.best?.decimal, fairProbability: edgeRow.fairProbability ?? undefined }}
            onClose={() => setEdgeRow(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
