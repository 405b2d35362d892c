import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RealtimeChannel, type BoardDiff, type SportBoard } from '@oddspulse/shared';
import { ApiError } from '../api/api-client';
import { liveSocketAtom } from '../realtime/socket';
import { fetchBoards } from './odds-api';
import { addFlashes, applyDiff, compareRows, pruneFlashes, type Boards, type Flashes } from './live-table';
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
}

export interface LiveOdds {
  rows: OddsRow[];
  flashes: Flashes;
  state: LoadState;
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
  const { mode, live, enabled } = options;
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

  const load = useCallback(async () => {
    const sports = sportsKey ? sportsKey.split(',') : [];
    const markets = marketsKey ? marketsKey.split(',') : [];
    setState({ status: 'loading' });
    try {
      const loaded = await fetchBoards({ mode, sports, markets });
      previousRows.current = null;
      setBoards(loaded);
      setState({ status: 'ready' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error), httpStatus: error instanceof ApiError ? error.status : undefined });
    }
  }, [sportsKey, marketsKey, mode]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  // The stream: one subscription per sport; paused means unsubscribed, and resuming reloads.
  useEffect(() => {
    if (!enabled || !live || !sportsKey) return;
    const channel = mode === 'props' ? RealtimeChannel.Props : RealtimeChannel.Odds;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'board.diff') setBoards((current) => applyDiff(current, envelope.data as BoardDiff));
        else if (envelope.type === 'snapshot' && envelope.data) setBoards((current) => ({ ...current, [sport]: envelope.data as SportBoard }));
        else if (envelope.type === 'board.status') setStale((current) => ({ ...current, [sport]: !!(envelope.data as { stale_since: string | null }).stale_since }));
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
    setRows(next);
    if (previous) {
      const changes = compareRows(previous, next);
      const moved = new Map([...changes.rows, ...changes.books]);
      if (moved.size) setFlashes((current) => addFlashes(current, moved, at));
    }
  }, [boards, booksKey, marketsKey, mode, now]);

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
  return { rows, flashes, state, staleSports, now, refresh, refreshLockedUntil };
}
