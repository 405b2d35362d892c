import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CORE_SPORTS, DEFAULT_SPORTSBOOKS, decimalToAmericanRounded, type Sport } from '@oddspulse/shared';
import { fetchPreferences } from '../account/account-api';
import { addToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { EdgeCalculatorModal } from '../bet-slip/EdgeCalculatorModal';
import { rowToSlipItem } from '../bet-slip/slip-items';
import { useIsMobile } from '../components/useMediaQuery';
import { OPEN_FILTERS_EVENT } from '../layout/MobileNav';
import { isAuthenticationError } from './connection-error';
import { defaultFilters, type OddsFilters } from './filter-settings';
import { filterRows, sportsOutsideSearch } from './filters';
import { DevigMethodPicker } from './DevigMethodPicker';
import { FiltersPanel } from './FiltersPanel';
import { loadingTimings } from './loading-screen';
import { fetchSports } from './odds-api';
import { AuthRequiredPanel, ConnectionErrorPanel, StaleBanner } from './OddsNotices';
import { appliedFiltersAtom, devigChoiceAtom, liveEnabledAtom } from './odds-state';
import { OddsTable } from './OddsTable';
import { RESET_FILTERS_EVENT } from './OddsTableNotices';
import { RefreshControls } from './RefreshControls';
import type { OddsRow, TableMode } from './rows';
import { SearchOddsModal } from './SearchOddsModal';
import { useLiveOdds } from './useLiveOdds';

/** The straight bets and props sections: filters, live table, refresh and live toggle. */
export function OddsSection({ mode, platinum, search, onSearch }: { mode: TableMode; platinum: boolean; search: string; onSearch: (text: string) => void }) {
  const [applied, setApplied] = useAtom(appliedFiltersAtom);
  const [live, setLive] = useAtom(liveEnabledAtom);
  const [devig, setDevig] = useAtom(devigChoiceAtom);
  const [sports, setSports] = useState<readonly Sport[]>(CORE_SPORTS);
  const [accountBooks, setAccountBooks] = useState<{ game: string[]; props: string[] } | null>(null);
  const [mobileFilters, setMobileFilters] = useState(false);
  const [edgeRow, setEdgeRow] = useState<OddsRow | null>(null);
  const [searching, setSearching] = useState(false);
  const isMobile = useIsMobile();
  const setSlip = useSetAtom(betSlipAtom);
  const bankroll = useBankroll();

  useEffect(() => {
    fetchSports()
      .then((list) => setSports(list.filter((s) => s.active && !/outright|winner|election/i.test(`${s.key} ${s.title}`))))
      // spec 001 §8: on a sports-list failure the core list stays.
      .catch(() => setSports(CORE_SPORTS));
    fetchPreferences()
      .then((prefs) => setAccountBooks({ game: prefs.sportsbooks, props: prefs.props_sportsbooks }))
      .catch(() => setAccountBooks({ game: [...DEFAULT_SPORTSBOOKS], props: [] }));
  }, []);
  const defaultBooks = useMemo(() => (mode === 'props' ? (accountBooks?.props ?? []) : (accountBooks?.game ?? [...DEFAULT_SPORTSBOOKS])), [mode, accountBooks]);

  useEffect(() => {
    const reset = () => setApplied(defaultFilters(defaultBooks));
    const open = () => setMobileFilters(true);
    window.addEventListener(RESET_FILTERS_EVENT, reset);
    window.addEventListener(OPEN_FILTERS_EVENT, open);
    return () => {
      window.removeEventListener(RESET_FILTERS_EVENT, reset);
      window.removeEventListener(OPEN_FILTERS_EVENT, open);
    };
  }, [defaultBooks, setApplied]);

  // Gold always streams; Platinum may pause (spec 001 §6: the toggle is not shown for Gold).
  const streaming = platinum ? live : true;
  const markets = mode === 'props' ? applied.propMarkets : applied.markets;
  const timings = useMemo(() => loadingTimings(mode), [mode]);
  const data = useLiveOdds({
    mode,
    sports: applied.sports,
    markets,
    books: applied.books,
    live: streaming,
    enabled: true,
    timings,
    usePrefetch: mode === 'props',
    devig,
  });
  const rows = useMemo(
    () => filterRows(data.rows, { minEv: applied.minEv, positiveOnly: applied.positiveOnly, search, date: applied.date }, data.now),
    [data.rows, data.now, applied.minEv, applied.positiveOnly, applied.date, search],
  );
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
        defaultBooks={defaultBooks}
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
          <RefreshControls refresh={data.refresh} lockedUntil={data.refreshLockedUntil} live={live} setLive={setLive} showLiveToggle={platinum} />
          <DevigMethodPicker value={devig} onChange={setDevig} />
        </div>
        <StaleBanner staleSports={data.staleSports} sports={sports} />
        {outside && (
          <p className="muted small search-scope" data-testid="search-scope">
            Searching {applied.sports.map((key) => sports.find((s) => s.key === key)?.title ?? key).join(', ')} only.{' '}
            <button type="button" className="link-button" onClick={() => setApplied({ ...applied, sports: [...applied.sports, ...outside] })}>
              Search all sports
            </button>
          </p>
        )}
        {main}
      </div>
      {searching && <SearchOddsModal initial={search} onSearch={onSearch} onClose={() => setSearching(false)} />}
      {edgeRow && (
        <EdgeCalculatorModal
          initialBookOdds={edgeRow.best ? decimalToAmericanRounded(edgeRow.best.decimal) : undefined}
          initialFairOdds={edgeRow.fairProbability ? decimalToAmericanRounded(1 / edgeRow.fairProbability) : undefined}
          initialMarket={edgeRow.best?.market}
          onClose={() => setEdgeRow(null)}
        />
      )}
    </div>
  );
}
