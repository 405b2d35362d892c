import type { SportBoard } from '@oddspulse/shared';
import { applyBoardEnvelope, type BoardMessage, type Boards } from '../rows/live-table';

/**
 * Props prefetch (spec 001 §4, §9): when the user shows intent to open Player Props (the pointer rests on, or
 * the keyboard focuses, its tab for 300 ms), the props boards are loaded ahead; the section takes them if they
 * are under 10 s old. While held they follow the props rooms, so what the section takes is current, not a
 * 10 s old copy missing the diffs pushed in between.
 */
export const PROPS_PREFETCH_DELAY_MS = 300;
export const PROPS_PREFETCH_TTL_MS = 10_000;

export interface PrefetchQuery {
  sports: readonly string[];
  markets: readonly string[];
}

export interface PrefetchDeps {
  load: (query: PrefetchQuery) => Promise<Record<string, SportBoard>>;
  /** Follows one sport's props room; returns the unsubscribe. Absent: no live following (paused stream). */
  follow?: (sport: string, onMessage: (message: BoardMessage) => void) => () => void;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

interface Entry {
  key: string;
  boards: Boards;
  loadedAt: number;
  release: () => void;
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

  /** The prefetched boards of this query if under the TTL; the entry is spent either way. */
  take(query: PrefetchQuery): Boards | null {
    const entry = this.entry;
    if (!entry || entry.key !== prefetchKey(query)) return null;
    const fresh = this.deps.now() - entry.loadedAt < PROPS_PREFETCH_TTL_MS;
    const boards = entry.boards;
    this.entry = null;
    // Released after the taker has joined the same rooms, so no push falls between the two listeners.
    this.deps.setTimer(entry.release, PROPS_PREFETCH_DELAY_MS);
    return fresh ? boards : null;
  }

  private async prefetch(query: PrefetchQuery): Promise<void> {
    const key = prefetchKey(query);
    if (this.inFlight === key) return;
    if (this.entry?.key === key && this.deps.now() - this.entry.loadedAt < PROPS_PREFETCH_TTL_MS) return;
    this.inFlight = key;
    let boards: Boards;
    try {
      boards = await this.deps.load(query);
    } catch {
      // A failed prefetch only means the section loads by itself, and reports the error then.
      return;
    } finally {
      if (this.inFlight === key) this.inFlight = null;
    }
    this.drop();
    const entry: Entry = { key, boards, loadedAt: this.deps.now(), release: () => undefined };
    const offs = this.deps.follow
      ? query.sports.map((sport) =>
          this.deps.follow!(sport, (envelope) => (entry.boards = applyBoardEnvelope(entry.boards, sport, envelope))),
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
