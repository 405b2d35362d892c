import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { CORE_SPORTS, DEFAULT_SPORTSBOOKS, decimalToAmericanRounded, type Sport } from '@oddspulse/shared';
import { fetchPreferences, isPaid, isPlatinum } from '../api/accounts';
import { addToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { BetSlipPanel } from '../bet-slip/BetSlipPanel';
import { EdgeCalculatorModal } from '../bet-slip/EdgeCalculatorModal';
import { rowToSlipItem } from '../bet-slip/slip-items';
import { useIsMobile } from '../components/useMediaQuery';
import { OPEN_FILTERS_EVENT, SECTIONS } from '../layout/MobileNav';
import { Spinner } from '../routing/guards';
import { planAtom } from '../state/auth';
import { ScannerFiltersPanel } from '../scanners/ScannerFilters';
import { ScannerPanel } from '../scanners/ScannerPanel';
import { scannerSportsAtom } from '../scanners/scanner-state';
import { connectionErrorDetail, isAuthenticationError } from './connection-error';
import { defaultFilters, type OddsFilters } from './filter-settings';
import { filterRows } from './filters';
import { FiltersPanel } from './FiltersPanel';
import { loadingTimings } from './loading-screen';
import { fetchSports } from './odds-api';
import { OddsTable, RESET_FILTERS_EVENT } from './OddsTable';
import { appliedFiltersAtom, liveEnabledAtom } from './odds-state';
import type { OddsRow, TableMode } from './rows';
import { propsPrefetch } from './props-prefetch-instance';
import { SearchOddsModal } from './SearchOddsModal';
import { MANUAL_REFRESH_LOCK_MS, useLiveOdds } from './useLiveOdds';
import { onTabListKeyDown } from '../components/menu-keyboard';
import './odds.css';

type Section = (typeof SECTIONS)[number]['mode'];

export function PremiumPanel({ kind }: { kind: 'arbitrage' | 'middles' }) {
  return (
    <section className="premium-panel card" data-testid="premium-panel">
      <h2>{kind === 'arbitrage' ? 'Arbitrage Detection - Premium Feature' : 'Middle Betting - Premium Feature'}</h2>
      <p className="muted">
        {kind === 'arbitrage'
          ? 'Find guaranteed-profit bets across sportsbooks as prices move, with the stake for every leg.'
          : 'Find pairs of lines at different books where both bets can win, with the chance of landing in the middle.'}
      </p>
      <Link className="button primary" to="/pricing">
        Upgrade to Platinum
      </Link>
    </section>
  );
}

export function GoldRequiredBanner() {
  return (
    <section className="banner banner-info gold-required" data-testid="gold-required">
      <div>
        <h2>Gold Subscription Required</h2>
        <p>Subscribe to Gold plan for just $10/month to access live odds and game data.</p>
      </div>
      <Link className="button primary" to="/pricing" aria-label="Upgrade Gold">
        Upgrade to Gold
      </Link>
    </section>
  );
}

export function AuthRequiredPanel() {
  return (
    <section className="card error-panel" data-testid="auth-required">
      <h2>Authentication Required</h2>
      <p>Please sign in to view live odds and betting data</p>
      <Link className="button primary" to="/login">
        Sign In to Continue
      </Link>
    </section>
  );
}

export function ConnectionErrorPanel({ message, status }: { message: string; status?: number }) {
  return (
    <section className="card error-panel" data-testid="api-connection-error" role="alert">
      <h2>API Connection Error</h2>
      <p>{connectionErrorDetail({ message, status })}</p>
      <p className="muted">This can happen when:</p>
      <ul className="muted">
        <li>The server is unavailable</li>
        <li>There are network issues</li>
        <li>API rate limits were reached</li>
      </ul>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        Retry Connection
      </button>
    </section>
  );
}

/** Prefetches the props boards when the pointer rests on (or focus reaches) the Player Props tab (spec 001 §4). */
function usePropsIntent(enabled: boolean) {
  const applied = useAtomValue(appliedFiltersAtom);
  const cancel = useRef<(() => void) | null>(null);
  const leave = useCallback(() => {
    cancel.current?.();
    cancel.current = null;
  }, []);
  const enter = useCallback(() => {
    leave();
    if (enabled) cancel.current = propsPrefetch().schedule({ sports: applied.sports, markets: applied.propMarkets });
  }, [enabled, applied.sports, applied.propMarkets, leave]);
  useEffect(() => leave, [leave]);
  return { onPointerEnter: enter, onFocus: enter, onPointerLeave: leave, onBlur: leave };
}

function SectionNav({ section, platinum, paid, onChange }: { section: Section; platinum: boolean; paid: boolean; onChange: (s: Section) => void }) {
  const propsIntent = usePropsIntent(paid && section !== 'props');
  return (
    <div className="section-nav tabs" role="tablist" aria-label="Odds sections" onKeyDown={onTabListKeyDown}>
      {SECTIONS.map((s) => {
        const locked = s.platinum && !platinum;
        return (
          <button
            {...(s.mode === 'props' ? propsIntent : {})}
            key={s.mode}
            type="button"
            role="tab"
            aria-selected={section === s.mode}
            tabIndex={section === s.mode ? 0 : -1}
            aria-disabled={locked || undefined}
            disabled={locked}
            title={locked ? 'Requires Platinum Plan' : undefined}
            data-tooltip={locked ? 'Requires Platinum Plan' : undefined}
            onClick={() => onChange(s.mode)}
          >
            {s.label}
          </button>
        );
      })}
    </div>
  );
}

function RefreshControls({ refresh, lockedUntil, live, setLive, showLiveToggle }: { refresh: () => Promise<void>; lockedUntil: number; live: boolean; setLive: (v: boolean) => void; showLiveToggle: boolean }) {
  const [now, setNow] = useState(() => Date.now());
  const [refreshing, setRefreshing] = useState(false);
  const waitSeconds = Math.ceil((lockedUntil - now) / 1000);
  useEffect(() => {
    if (lockedUntil <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [lockedUntil]);
  return (
    <div className="refresh-controls">
      {showLiveToggle && (
        <button type="button" className={`button small live-toggle${live ? ' on' : ''}`} aria-pressed={live} onClick={() => setLive(!live)} data-testid="live-toggle">
          {live ? '● Live' : '❚❚ Paused'}
        </button>
      )}
      <button
        type="button"
        className="button small"
        disabled={waitSeconds > 0 || refreshing}
        onClick={() => {
          setRefreshing(true);
          setNow(Date.now());
          void refresh().finally(() => setRefreshing(false));
        }}
        title={`Refresh reloads every price; it can be used once every ${MANUAL_REFRESH_LOCK_MS / 1000} s`}
      >
        {waitSeconds > 0 ? `Wait ${waitSeconds}s` : 'Refresh'}
      </button>
      {refreshing && (
        <div className="refresh-overlay" role="status">
          Refreshing Odds...
        </div>
      )}
    </div>
  );
}

/** The straight bets and props sections: filters, live table, refresh and live toggle. */
export function OddsSection({ mode, platinum, search, onSearch }: { mode: TableMode; platinum: boolean; search: string; onSearch: (text: string) => void }) {
  const [applied, setApplied] = useAtom(appliedFiltersAtom);
  const [live, setLive] = useAtom(liveEnabledAtom);
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
  const defaultBooks = useMemo(() => (mode === 'props' ? accountBooks?.props ?? [] : accountBooks?.game ?? [...DEFAULT_SPORTSBOOKS]), [mode, accountBooks]);

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
  const data = useLiveOdds({ mode, sports: applied.sports, markets, books: applied.books, live: streaming, enabled: true, timings, usePrefetch: mode === 'props' });
  const rows = useMemo(
    () => filterRows(data.rows, { minEv: applied.minEv, positiveOnly: applied.positiveOnly, search, date: applied.date }, data.now),
    [data.rows, data.now, applied.minEv, applied.positiveOnly, applied.date, search],
  );
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
    main = isAuthenticationError(data.state.message) ? <AuthRequiredPanel /> : <ConnectionErrorPanel message={data.state.message} status={data.state.httpStatus} />;
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
      <FiltersPanel applied={applied} onApply={onApply} sports={sports} mode={mode} defaultBooks={defaultBooks} mobileOpen={mobileFilters} onMobileClose={() => setMobileFilters(false)} />
      <div className="odds-main">
        <div className="odds-toolbar">
          {isMobile && (
            <button type="button" className="button small" onClick={() => setSearching(true)} data-testid="open-search">
              {search ? `Search: “${search}”` : 'Search'}
            </button>
          )}
          <RefreshControls refresh={data.refresh} lockedUntil={data.refreshLockedUntil} live={live} setLive={setLive} showLiveToggle={platinum} />
        </div>
        {data.staleSports.length > 0 && (
          <div className="banner banner-warning" role="status" data-testid="stale-banner">
            Prices for {data.staleSports.map((k) => sports.find((s) => s.key === k)?.title ?? k).join(', ')} are stale: the odds feed is not answering. Showing the last prices received.
          </div>
        )}
        {main}
      </div>
      {searching && <SearchOddsModal initial={search} onSearch={onSearch} onClose={() => setSearching(false)} />}
      {edgeRow && (
        <EdgeCalculatorModal
          initialBookOdds={edgeRow.best ? decimalToAmericanRounded(edgeRow.best.decimal) : undefined}
          initialFairOdds={edgeRow.fairProbability ? decimalToAmericanRounded(1 / edgeRow.fairProbability) : undefined}
          onClose={() => setEdgeRow(null)}
        />
      )}
    </div>
  );
}

/**
 * /sportsbooks (spec 001 §2): the section comes from `mode`; changing it rewrites the URL (replacing history).
 * Arbitrage and middles are Platinum: the nav entries are disabled for others, and a scanner link opened
 * without Platinum shows its premium panel.
 */
export function OddsPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const plan = useAtomValue(planAtom);
  const isMobile = useIsMobile();
  const platinum = plan.status === 'ready' && isPlatinum(plan.info);
  const raw = params.get('mode');
  const blocked = plan.status === 'ready' && !platinum && (raw === 'arbitrage' || raw === 'middles') ? raw : null;
  // spec 001 §2: a scanner link opened without Platinum lands on straight bets, where its upgrade panel shows.
  useEffect(() => {
    if (!blocked) return;
    const p = new URLSearchParams(params);
    p.delete('mode');
    setParams(p, { replace: true, state: { premium: blocked } });
  }, [blocked, params, setParams]);
  if (plan.status !== 'ready') return <Spinner label="Checking your plan..." />;
  const premium = (location.state as { premium?: 'arbitrage' | 'middles' } | null)?.premium;
  const section: Section = SECTIONS.some((s) => s.mode === raw) && !blocked ? (raw as Section) : 'game';
  const search = params.get('q') ?? '';
  // As the navbar's search box does (spec 000 §2): the text goes into q.
  const setSearch = (text: string) => {
    const p = new URLSearchParams(params);
    if (text) p.set('q', text);
    else p.delete('q');
    setParams(p);
  };
  const change = (next: Section) => {
    const p = new URLSearchParams(params);
    if (next === 'game') p.delete('mode');
    else p.set('mode', next);
    setParams(p, { replace: true });
  };

  let body;
  if (!isPaid(plan.info)) body = <GoldRequiredBanner />;
  else if (section === 'arbitrage' || section === 'middles') body = platinum ? <ScannerSection key={section} kind={section} /> : <PremiumPanel kind={section} />;
  else
    body = (
      <>
        {premium && !platinum && section === 'game' && <PremiumPanel kind={premium} />}
        <OddsSection key={section} mode={section === 'props' ? 'props' : 'game'} platinum={platinum} search={search} onSearch={setSearch} />
      </>
    );

  return (
    <div className="page odds-page">
      <div className="odds-page-head">
        <h1>Odds: {SECTIONS.find((s) => s.mode === section)?.label ?? 'Straight Bets'}</h1>
        {/* On mobile the bottom bar's section switcher takes this place (spec 000 §2). */}
        {!isMobile && <SectionNav section={section} platinum={platinum} paid={isPaid(plan.info)} onChange={change} />}
      </div>
      {search && (
        <p className="muted small" data-testid="search-chip">
          Search: “{search}”{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const p = new URLSearchParams(params);
              p.delete('q');
              setParams(p, { replace: true });
            }}
          >
            Clear
          </button>
        </p>
      )}
      {body}
      {isPaid(plan.info) && <BetSlipPanel />}
    </div>
  );
}

/**
 * The scanners watch every covered sport unless the user narrows them; the book filter is the page's. Their
 * filter panel (sidebar, or the Filters sheet on mobile) holds the sports, books and inputs.
 */
function ScannerSection({ kind }: { kind: 'arbitrage' | 'middles' }) {
  const applied = useAtomValue(appliedFiltersAtom);
  const sports = useAtomValue(scannerSportsAtom);
  const [mobileFilters, setMobileFilters] = useState(false);
  const [defaultBooks, setDefaultBooks] = useState<string[]>([...DEFAULT_SPORTSBOOKS]);
  useEffect(() => {
    fetchPreferences()
      .then((prefs) => setDefaultBooks(prefs.sportsbooks))
      // The account's books only seed Reset; without them Reset uses the default books (DECISIONS 16).
      .catch(() => setDefaultBooks([...DEFAULT_SPORTSBOOKS]));
    const open = () => setMobileFilters(true);
    window.addEventListener(OPEN_FILTERS_EVENT, open);
    return () => window.removeEventListener(OPEN_FILTERS_EVENT, open);
  }, []);
  return (
    <div className="odds-layout">
      <ScannerFiltersPanel kind={kind} defaultBooks={defaultBooks} mobileOpen={mobileFilters} onMobileClose={() => setMobileFilters(false)} />
      <div className="odds-main">
        {sports.length === 0 ? (
          <p className="muted">No games data available. Please check your sports selection.</p>
        ) : (
          <ScannerPanel key={kind} kind={kind} sports={sports} books={applied.books} />
        )}
      </div>
    </div>
  );
}
