import { useAtomValue } from 'jotai';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { RealtimeChannel, type SportBoard } from '@oddspulse/shared';
import { ApiError } from '../../../api/api-client';
import type { LiveSocket } from '../../../realtime/live-socket';
import { liveSocketAtom } from '../../../realtime/socket';
import type { DevigChoice } from '../../../state/devig-choice';
import { rowSelection, selectionKey, type LoadedBoards } from './first-load';
import { fetchLoadedBoards } from '../odds-api';
import { applyBoardMessage, buildLiveRows, NO_ROWS, refreshLiveRows, type LiveRows } from '../rows/live-rows';
import { addFlashes, pruneFlashes, type Boards, type Direction, type Flashes } from '../rows/live-table';
import { LoadingScreen, type LoadingTimings } from './loading-screen';
import { propsPrefetch } from './props-prefetch-instance';
import type { BuildRowsOptions, OddsRow, TableMode } from '../rows/rows';

/** Manual refresh is blocked this long after use (spec 001 §4, §9). */
export const MANUAL_REFRESH_LOCK_MS = 20_000;
/** Rows are re-checked this often so prices age, lock and leave without a push. */
const AGE_TICK_MS = 5_000;

/** A sport whose prices are not current: since when its feed fails, or null while only its live updates are cut off. */
export interface StaleSport {
  sport: string;
  since: string | null;
}

export type LoadState =
  { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string; httpStatus?: number };

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
  /** The de-vig method of the EV and De-Vig columns; multiplicative when absent. */
  devig?: DevigChoice;
  /** The user's own exchange commission rates (FRACTIONS by book): the EV column is net of them. */
  commission?: Readonly<Record<string, number>>;
}

export interface LiveOdds {
  rows: OddsRow[];
  /** The boards the rows were built from (for what another selection of the same boards would show). */
  boards: Boards;
  flashes: Flashes;
  state: LoadState;
  /** The loading panel is up (spec 001 §4: until data, or the maximum wait). */
  loading: boolean;
  /**
   * Sports whose prices are stale (a visible stale state): their feed is failing, since `since` (the board's
   * stale_since), or their live updates are interrupted (the connection is down, or a catch-up is pending: `since`
   * null), so the prices shown may have moved.
   */
  staleSports: StaleSport[];
  now: number;
  refresh: () => Promise<void>;
  refreshLockedUntil: number;
}

/**
 * The odds table's data: the first load over REST, then every board diff from the socket (odds or props
 * channel of each sport). A diff rebuilds the rows of the events it names, and the prices it moved flash; every
 * row is rebuilt when the selection changes, and as time passes the rows of the events where prices aged past the
 * locked-market limit or the game went live (prices lock and leave without a push).
 */
export function useLiveOdds(options: LiveOddsOptions): LiveOdds {
  const socket = useAtomValue(liveSocketAtom);
  const { mode, live, enabled, usePrefetch = false } = options;
  const loader = useRef(options.load);
  loader.current = options.load;
  const sportsKey = options.sports.join(',');
  const marketsKey = options.markets.join(',');
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const { staleSports, setStale, setInterrupted } = useStaleSports();
  const [rows, setRows] = useState<OddsRow[]>([]);
  const [boards, setBoards] = useState<Boards>(NO_ROWS.boards);
  const { flashes, flash } = useFlashes();
  /** The boards and their rows as last shown (the socket's messages patch them outside React's render). */
  const table = useRef<LiveRows>(NO_ROWS);
  const selection = rowSelection(mode, options.books, options.markets, options.devig, options.commission);
  /** The selection as a value: the rows are built again when it changes. */
  const rowsKey = selectionKey(selection);
  const rowOptions = useRef(selection);
  rowOptions.current = selection;
  // one function for the life of the hook (it reads the selection's ref): the stream's and the rows' effects take it
  const optionsAt = useCallback((at: number): BuildRowsOptions => ({ ...rowOptions.current, now: at }), []);
  const { loading, screen } = useLoadingScreen(enabled, options.timings);
  /** The section's first load (the minimum loading time counts from it). */
  const entered = useRef(true);
  /** A load just ended: the next rows shown settle the loading panel. */
  const settling = useRef(false);
  /** The socket the stream listens on, for a load to catch its rooms up from the boards' positions. */
  const liveSocket = useRef(socket);
  liveSocket.current = socket;

  /** Shows the table's rows (and flashes what moved); the loading panel hears whether there are any. */
  const show = useCallback(
    (next: LiveRows, moved?: ReadonlyMap<string, Direction>) => {
      table.current = next;
      setRows(next.rows);
      setBoards(next.boards);
      if (settling.current) {
        settling.current = false;
        screen.settled(next.rows.length > 0);
      } else screen.rows(next.rows.length > 0);
      if (moved?.size) flash(moved);
    },
    [screen, flash],
  );

  const load = useCallback(async () => {
    const sports = sportsKey ? sportsKey.split(',') : [];
    const markets = marketsKey ? marketsKey.split(',') : [];
    setState({ status: 'loading' });
    if (entered.current || table.current.rows.length === 0) screen.start(entered.current);
    entered.current = false;
    try {
      // prefetched boards followed their rooms while held and come with the positions they stand at; a custom load has
      // no positions: those rooms join as they stand
      const prefetched = usePrefetch && mode === 'props' ? propsPrefetch().take({ sports, markets }) : null;
      const loaded: LoadedBoards =
        prefetched ??
        (loader.current
          ? { boards: await loader.current({ sports, markets }), positions: {} }
          : await fetchLoadedBoards({ mode, sports, markets }));
      settling.current = true;
      // a board served stale says so from the first load (its stale_since), not only from the next board.status push
      setStale(
        Object.fromEntries(Object.entries(loaded.boards).map(([sport, board]) => [sport, board.stale_since ?? null])),
      );
      // rows built as the boards arrived are taken when they are of this very selection
      show(
        loaded.built?.selection === selectionKey(rowOptions.current)
          ? loaded.built.table
          : buildLiveRows(loaded.boards, optionsAt(Date.now())),
      );
      // Each room joins, or catches up, from where its channel stood as the boards were read, so a diff
      // published between the read and the join is applied, and none the boards already hold.
      liveSocket.current.catchUpSports(
        mode === 'props' ? RealtimeChannel.Props : RealtimeChannel.Odds,
        loaded.positions,
      );
      setState({ status: 'ready' });
    } catch (error) {
      screen.failed();
      setState(loadFailure(error));
    }
  }, [sportsKey, marketsKey, mode, usePrefetch, screen, show, setStale, optionsAt]);

  // Started before the screen paints, not a frame after (the first load may already be here, sent early).
  useLayoutEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  useBoardStream(socket, { enabled, live, sportsKey, mode }, { table, optionsAt, show, setStale, setInterrupted });

  const now = useRowsOverTime(rowsKey, table, optionsAt, show);
  const { refresh, refreshLockedUntil } = useManualRefresh(load);
  return { rows, boards, flashes, state, loading, staleSports, now, refresh, refreshLockedUntil };
}

/** A load that failed: its message, and the HTTP status when the server answered. */
function loadFailure(error: unknown): LoadState {
  return {
    status: 'error',
    message: error instanceof Error ? error.message : String(error),
    httpStatus: error instanceof ApiError ? error.status : undefined,
  };
}

/**
 * The loading panel (spec 001 §4): whether it is up, and the screen that puts it up and takes it down. The timings are
 * the section's: fixed for the life of the hook (the page remounts it per section).
 */
function useLoadingScreen(enabled: boolean, timings: LoadingTimings) {
  const [loading, setLoading] = useState(enabled);
  const [screen] = useState(() => new LoadingScreen(timings, setLoading));
  useEffect(() => () => screen.dispose(), [screen]);
  return { loading, screen };
}

/**
 * The stream: one subscription per sport; paused means unsubscribed, and resuming reloads. A board's status push, and a
 * snapshot's board, say whether its feed is stale, and the socket whether its live updates are interrupted; a diff or a
 * snapshot is applied to the table shown, which shows the rows it changed.
 */
function useBoardStream(
  socket: LiveSocket,
  { enabled, live, sportsKey, mode }: { enabled: boolean; live: boolean; sportsKey: string; mode: TableMode },
  {
    table,
    optionsAt,
    show,
    setStale,
    setInterrupted,
  }: {
    table: RefObject<LiveRows>;
    optionsAt: (at: number) => BuildRowsOptions;
    show: (next: LiveRows, moved?: ReadonlyMap<string, Direction>) => void;
    setStale: Dispatch<SetStateAction<Record<string, string | null>>>;
    setInterrupted: Dispatch<SetStateAction<Record<string, boolean>>>;
  },
) {
  useEffect(() => {
    if (!enabled || !live || !sportsKey) return;
    const channel = mode === 'props' ? RealtimeChannel.Props : RealtimeChannel.Odds;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe(
        { channel, sport },
        (message) => {
          // a snapshot's board carries its freshness: it stands for the status pushes it replaced (a new epoch, a gap
          // older than the buffer), so the sport is stale as its stale_since says
          if (message.type === 'board.status' || message.type === 'snapshot')
            setStale((current) => ({ ...current, [sport]: message.data?.stale_since ?? null }));
          if (message.type !== 'board.status') {
            const change = applyBoardMessage(table.current, sport, message, optionsAt(Date.now()));
            if (change.table !== table.current) show(change.table, change.moved);
          }
        },
        (interrupted) => setInterrupted((current) => ({ ...current, [sport]: interrupted })),
      ),
    );
    return () => {
      offs.forEach((off) => off());
      // a paused stream is the user's choice, and resuming reloads
      setInterrupted({});
    };
  }, [enabled, live, sportsKey, mode, socket, show, table, optionsAt, setStale, setInterrupted]);
}

/**
 * The rows kept current without a push: every row again when the selection (`rowsKey`) changes, and, as time passes,
 * the rows of the events where a price locked by age or the game went live since they were built. Returns the time
 * the rows were last checked at.
 */
function useRowsOverTime(
  rowsKey: string,
  table: RefObject<LiveRows>,
  optionsAt: (at: number) => BuildRowsOptions,
  show: (next: LiveRows) => void,
): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);

  // Another selection: every row again (nothing flashes: no price moved).
  useEffect(() => {
    show(buildLiveRows(table.current.boards, optionsAt(Date.now())));
  }, [rowsKey, show, table, optionsAt]);

  // Time moving on: the rows of the events where a price locked by age or the game went live since they were built.
  useEffect(() => {
    const next = refreshLiveRows(table.current, optionsAt(Date.now()));
    if (next !== table.current) show(next);
  }, [now, show, table, optionsAt]);
  return now;
}

/** The prices that moved, each flashing for a moment; `flash` adds the ones a diff moved. */
function useFlashes() {
  const [flashes, setFlashes] = useState<Flashes>(new Map());
  // Flashes end after 900 ms.
  useEffect(() => {
    if (!flashes.size) return;
    const timer = window.setTimeout(() => setFlashes((current) => pruneFlashes(current, Date.now())), 950);
    return () => window.clearTimeout(timer);
  }, [flashes]);
  const flash = useCallback((moved: ReadonlyMap<string, Direction>) => {
    const at = Date.now();
    setFlashes((current) => addFlashes(current, moved, at));
  }, []);
  return { flashes, flash };
}

/**
 * Which sports' prices are stale: their feed is failing, since the stale_since the first load, the boards' status
 * pushes and the snapshots say, or their live updates are interrupted, as the socket says.
 */
function useStaleSports() {
  const [stale, setStale] = useState<Record<string, string | null>>({});
  const [interrupted, setInterrupted] = useState<Record<string, boolean>>({});
  const staleSports = useMemo(
    () =>
      [...new Set([...Object.keys(stale), ...Object.keys(interrupted)])]
        .filter((sport) => stale[sport] || interrupted[sport])
        .map((sport): StaleSport => ({ sport, since: stale[sport] ?? null })),
    [stale, interrupted],
  );
  return { staleSports, setStale, setInterrupted };
}

/** The manual refresh: the load again, and none again for MANUAL_REFRESH_LOCK_MS after (spec 001 §4, §9). */
function useManualRefresh(load: () => Promise<void>) {
  const [refreshLockedUntil, setRefreshLockedUntil] = useState(0);
  const refresh = useCallback(async () => {
    if (Date.now() < refreshLockedUntil) return;
    setRefreshLockedUntil(Date.now() + MANUAL_REFRESH_LOCK_MS);
    await load();
  }, [load, refreshLockedUntil]);
  return { refresh, refreshLockedUntil };
}
