import { RealtimeChannel, type BoardPositions, type RoomPosition } from '@oddspulse/shared';
import type { LiveMessage, LiveSocket } from '../../../realtime/live-socket';
import { applyBoardEnvelope, type Boards } from '../rows/live-table';
import type { LoadedBoards } from './first-load';

/**
 * Props prefetch (spec 001 §4, §9): when the user shows intent to open Player Props (the pointer rests on, or
 * the keyboard focuses, its tab for 300 ms), the props boards are loaded ahead; the section takes them if they
 * are under 10 s old. While held they follow the props rooms from where the load read each (its `positions`, as the
 * section's own load does), so what the section takes is current, not a 10 s old copy missing the diffs pushed in
 * between; it takes the positions they then stand at with them.
 */
export const PROPS_PREFETCH_DELAY_MS = 300;
export const PROPS_PREFETCH_TTL_MS = 10_000;

export interface PrefetchQuery {
  sports: readonly string[];
  markets: readonly string[];
}

/** Prefetched boards and where each sport's props channel stood for them: the section joins the rooms from there. */
export type PrefetchedBoards = Pick<LoadedBoards, 'boards' | 'positions'>;

export interface PrefetchDeps {
  load: (query: PrefetchQuery) => Promise<PrefetchedBoards>;
  /**
   * Follows one sport's props room from `from` (where the load read it; undefined: from now); returns the
   * unsubscribe. Absent: no live following (paused stream).
   */
  follow?: (
    sport: string,
    from: RoomPosition | undefined,
    onMessage: (message: LiveMessage<'props'>) => void,
  ) => () => void;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

interface Entry {
  key: string;
  boards: Boards;
  /** Where each sport's board stands: the load's position, then each message followed. */
  positions: BoardPositions;
  loadedAt: number;
  release: () => void;
}

/** PrefetchDeps' `follow` on the live socket: the sport's props room, caught up from `from` (LiveSocket.catchUp). */
export function followPropsRoom(
  socket: LiveSocket,
  sport: string,
  from: RoomPosition | undefined,
  onMessage: (message: LiveMessage<'props'>) => void,
): () => void {
  const topic = { channel: RealtimeChannel.Props, sport };
  const off = socket.subscribe(topic, onMessage);
  if (from) socket.catchUp(topic, from);
  return off;
}

export const prefetchKey = (query: PrefetchQuery) => `${query.sports.join(',')}|${query.markets.join(',')}`;

export class PropsPrefetch {
  private entry: Entry | null = null;
  private inFlight: string | null = null;

  constructor(private readonly deps: PrefetchDeps) {}

  /** Starts a prefetch after the delay unless cancelled first (the pointer left); returns the cancel. */
  schedule(query: PrefetchQuery, delayMs = PROPS_PREFETCH_DELAY_MS): () => void {
    if (!query.sports.length || !query.markets.length) return () => undefined;
    const handle = this.deps.setTimer(() => void this.prefetch(query), delayMs);
    return () => this.deps.clearTimer(handle);
  }

  /** The prefetched boards of this query, with their positions, if under the TTL; the entry is spent either way. */
  take(query: PrefetchQuery): PrefetchedBoards | null {
    const entry = this.entry;
    if (!entry || entry.key !== prefetchKey(query)) return null;
    const fresh = this.deps.now() - entry.loadedAt < PROPS_PREFETCH_TTL_MS;
    const { boards, positions } = entry;
    this.entry = null;
    // Released after the taker has joined the same rooms, so no push falls between the two listeners.
    this.deps.setTimer(entry.release, PROPS_PREFETCH_DELAY_MS);
    return fresh ? { boards, positions } : null;
  }

  private async prefetch(query: PrefetchQuery): Promise<void> {
    const key = prefetchKey(query);
    if (this.inFlight === key) return;
    if (this.entry?.key === key && this.deps.now() - this.entry.loadedAt < PROPS_PREFETCH_TTL_MS) return;
    this.inFlight = key;
    let loaded: PrefetchedBoards;
    try {
      loaded = await this.deps.load(query);
    } catch {
      // A failed prefetch only means the section loads by itself, and reports the error then.
      return;
    } finally {
      if (this.inFlight === key) this.inFlight = null;
    }
    this.drop();
    const entry: Entry = { key, ...loaded, loadedAt: this.deps.now(), release: () => undefined };
    const offs = this.deps.follow
      ? query.sports.map((sport) =>
          this.deps.follow!(sport, loaded.positions[sport], (message) => {
            entry.boards = applyBoardEnvelope(entry.boards, sport, message);
            entry.positions = { ...entry.positions, [sport]: { seq: message.seq, epoch: message.epoch } };
          }),
        )
      : [];
    const expiry = this.deps.setTimer(() => {
      if (this.entry === entry) this.entry = null;
      entry.release();
    }, PROPS_PREFETCH_TTL_MS);
    let released = false;
    entry.release = () => {
      if (released) return;
      released = true;
      this.deps.clearTimer(expiry);
      offs.forEach((off) => off());
    };
    this.entry = entry;
  }

  private drop(): void {
    const old = this.entry;
    this.entry = null;
    old?.release();
  }
}
