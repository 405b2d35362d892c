import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RealtimeChannel, type SportBoard } from '@oddspulse/shared';
import { ApiError } from '../api/api-client';
import { liveSocketAtom } from '../realtime/socket';
import { fetchBoards } from './odds-api';
import { addFlashes, applyBoardEnvelope, compareRows, pruneFlashes, type Boards, type Flashes } from './live-table';
import { LoadingScreen, type LoadingTimings } from './loading-screen';
import { propsPrefetch } from './props-prefetch-instance';
import { buildRows, type OddsRow, type TableMode } from './rows';

/** Manual refresh is blocked this long after use (spec 001 §4, §9). */
export const MANUAL_REFRESH_LOCK_MS = 20_000;
/** Rows are re-checked this often so prices age, lock and leave without a push. */
const AGE_TICK_MS = 5_000;

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string; httpStatus?: number };

export interface LiveOddsOptions {
  mode: TableMode;
  sports: readonly string[];
  markets: readonly string[];
  books: readonly string[];
  /** Live updates on (DECISIONS 14: the toggle pauses and resumes the stream). */
  live: boolean;
  enabled: boolean;
  /** When the loading panel shows (spec 001 §4). */
  timings: LoadingTimings;
  /** The first load; by default the boards over REST (GET /api/odds, or /api/player-props variant B for props). */
  load?: (query: { sports: string[]; markets: string[] }) => Promise<Record<string, SportBoard>>;
  /** Take prefetched props boards when fresh (the odds page's Player Props section). */
  usePrefetch?: boolean;
}

export interface LiveOdds {
  rows: OddsRow[];
  flashes: Flashes;
  state: LoadState;
  /** The loading panel is up (spec 001 §4: until data, or the maximum wait). */
  loading: boolean;
  /** Sports whose feed is failing: their prices are stale (issue 8: a visible stale state). */
  staleSports: string[];
  now: number;
  refresh: () => Promise<void>;
  refreshLockedUntil: number;
}

/**
 * The odds table's data: the first load over REST, then every board diff from the socket (odds or props
 * channel of each sport). Rows are rebuilt on each change and compared with the previous ones for the flashes.
 */
export function useLiveOdds(options: LiveOddsOptions): LiveOdds {
  const socket = useAtomValue(liveSocketAtom);
  const { mode, live, enabled, usePrefetch = false } = options;
  const loader = useRef(options.load);
  loader.current = options.load;
  const sportsKey = options.sports.join(',');
  const marketsKey = options.markets.join(',');
  const booksKey = options.books.join(',');
  const [boards, setBoards] = useState<Boards>({});
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [stale, setStale] = useState<Record<string, boolean>>({});
  const [now, setNow] = useState(() => Date.now());
  const [refreshLockedUntil, setRefreshLockedUntil] = useState(0);
  const [rows, setRows] = useState<OddsRow[]>([]);
  const [flashes, setFlashes] = useState<Flashes>(new Map());
  const previousRows = useRef<OddsRow[] | null>(null);
  const [loading, setLoading] = useState(enabled);
  // The timings are the section's: fixed for the life of the hook (the page remounts it per section).
  const [screen] = useState(() => new LoadingScreen(options.timings, setLoading));
  useEffect(() => () => screen.dispose(), [screen]);
  /** The section's first load (the minimum loading time counts from it). */
  const entered = useRef(true);
  /** A load just ended: the next rows built settle the loading panel. */
  const settling = useRef(false);
  const shownRows = useRef(0);

  const load = useCallback(async () => {
    const sports = sportsKey ? sportsKey.split(',') : [];
    const markets = marketsKey ? marketsKey.split(',') : [];
    setState({ status: 'loading' });
    if (entered.current || shownRows.current === 0) screen.start(entered.current);
    entered.current = false;
    try {
      const prefetched = usePrefetch && mode === 'props' ? propsPrefetch().take({ sports, markets }) : null;
      const loaded = prefetched ?? (await (loader.current ? loader.current({ sports, markets }) : fetchBoards({ mode, sports, markets })));
      previousRows.current = null;
      settling.current = true;
      setBoards(loaded);
      setState({ status: 'ready' });
    } catch (error) {
      screen.failed();
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error), httpStatus: error instanceof ApiError ? error.status : undefined });
    }
  }, [sportsKey, marketsKey, mode, usePrefetch, screen]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  // The stream: one subscription per sport; paused means unsubscribed, and resuming reloads.
  useEffect(() => {
    if (!enabled || !live || !sportsKey) return;
    const channel = mode === 'props' ? RealtimeChannel.Props : RealtimeChannel.Odds;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'board.status') setStale((current) => ({ ...current, [sport]: !!(envelope.data as { stale_since: string | null }).stale_since }));
        else setBoards((current) => applyBoardEnvelope(current, sport, envelope));
      }),
    );
    return () => offs.forEach((off) => off());
  }, [enabled, live, sportsKey, mode, socket]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    const at = Date.now();
    const books = booksKey ? booksKey.split(',') : [];
    const markets = marketsKey ? marketsKey.split(',') : [];
    const next = buildRows(Object.values(boards).flatMap((b) => b.events), { mode, selectedBooks: books, markets, now: at });
    const previous = previousRows.current;
    previousRows.current = next;
    shownRows.current = next.length;
    setRows(next);
    if (settling.current) {
      settling.current = false;
      screen.settled(next.length > 0);
    } else screen.rows(next.length > 0);
    if (previous) {
      const changes = compareRows(previous, next);
      const moved = new Map([...changes.rows, ...changes.books]);
      if (moved.size) setFlashes((current) => addFlashes(current, moved, at));
    }
  }, [boards, booksKey, marketsKey, mode, now, screen]);

  // Flashes end after 900 ms.
  useEffect(() => {
    if (!flashes.size) return;
    const timer = window.setTimeout(() => setFlashes((current) => pruneFlashes(current, Date.now())), 950);
    return () => window.clearTimeout(timer);
  }, [flashes]);

  const refresh = useCallback(async () => {
    if (Date.now() < refreshLockedUntil) return;
    setRefreshLockedUntil(Date.now() + MANUAL_REFRESH_LOCK_MS);
    await load();
  }, [load, refreshLockedUntil]);

  const staleSports = useMemo(() => Object.entries(stale).filter(([, v]) => v).map(([k]) => k), [stale]);
  return { rows, flashes, state, loading, staleSports, now, refresh, refreshLockedUntil };
}
