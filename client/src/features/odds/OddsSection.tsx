import { EdgeCalculator } from '../bet-slip';
import { useCallback, useState, type ComponentProps } from 'react';
import { isAuthenticationError } from './loading/connection-error';
import type { OddsFilters } from './filters/filter-settings';
import { sportsOutsideSearch } from './filters/filters';
import { FiltersPanel } from './filters/FiltersPanel';
import { AuthRequiredPanel, ConnectionErrorPanel, StaleBanner } from './OddsNotices';
import { OddsTable } from './table/OddsTable';
import { useAddRowToSlip } from './table/useAddRowToSlip';
import { rowEdgeStart } from './table/row-edge';
import { BooksHint } from './table/OddsTableNotices';
import { OddsToolbar } from './OddsToolbar';
import type { OddsRow, TableMode } from './rows/rows';
import { SearchOddsModal } from './filters/SearchOddsModal';
import { SearchScope } from './filters/SearchScope';
import { useFilterEvents } from './filters/useFilterEvents';
import { useOddsSports } from './loading/useOddsSports';
import type { LoadState } from './loading/useLiveOdds';
import { useSectionOdds } from './loading/useSectionOdds';
import type { LinkSelection } from './alert-link';
import { useSectionFilters } from './filters/useSectionFilters';

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
  const { applied, setApplied, starting } = useSectionFilters(link, mode);
  const sports = useOddsSports();
  // DECISIONS 32: "Show all books" widens this view until the user leaves it; only My Sportsbooks changes their books
  const [everyBook, setEveryBook] = useState(false);
  // DECISIONS 36: the filters' Apply and Reset are this view's books again, the saved ones on Reset, not every book
  const onApply = useCallback(
    (next: OddsFilters) => {
      setEveryBook(false);
      setApplied(next);
    },
    [setApplied],
  );
  const [mobileFilters, setMobileFilters] = useFilterEvents(starting, onApply);
  const [edgeRow, setEdgeRow] = useState<OddsRow | null>(null);
  const [searching, setSearching] = useState(false);
  const { data, rows, hidden, games, markets } = useSectionOdds({ mode, platinum, applied, search, everyBook });
  const outside = sportsOutsideSearch(search, applied.sports, sports);

  const addRow = useAddRowToSlip();

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
        <OddsToolbar
          search={search}
          onOpenSearch={() => setSearching(true)}
          refresh={data.refresh}
          lockedUntil={data.refreshLockedUntil}
          platinum={platinum}
        />
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
        <SectionTable
          state={data.state}
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
      </div>
      {searching && <SearchOddsModal initial={search} onSearch={onSearch} onClose={() => setSearching(false)} />}
      {edgeRow && <RowEdgeCalculator row={edgeRow} onClose={() => setEdgeRow(null)} />}
    </div>
  );
}

/** The odds table, or in its place why the odds did not load: a session to sign in again, or the connection's failure. */
function SectionTable({ state, ...table }: { state: LoadState } & ComponentProps<typeof OddsTable>) {
  if (state.status !== 'error') return <OddsTable {...table} />;
  return isAuthenticationError(state.message) ? (
    <AuthRequiredPanel />
  ) : (
    <ConnectionErrorPanel message={state.message} status={state.httpStatus} />
  );
}

/** The edge calculator opened from a row: its best price as the table shows it, and its fair odds (rowEdgeStart). */
function RowEdgeCalculator({ row, onClose }: { row: OddsRow; onClose: () => void }) {
  return <EdgeCalculator {...rowEdgeStart(row)} onClose={onClose} />;
}
