import type { TableMode } from '../rows/rows';

/** How long the loading panel shows in one section. */
export interface LoadingTimings {
  /** Longest the panel shows while a load is pending. */
  maxMs: number;
  /** Extra wait after a load that ended with no data (0: none). */
  emptyExtraMs: number;
  /** Shortest time the panel shows after the section is entered (0: none). */
  minMs: number;
}

/**
 * When the odds table shows its loading panel (spec 001 §4, §9): from the start of a load until data
 * arrives or a maximum wait passes (15 s for straight bets, 45 s for props). In props mode a load that ends
 * with no data keeps the panel 10 s more (the props boards fill later than the game boards; rows pushed
 * meanwhile end the wait), and on entering props mode the panel shows for at least 2 s.
 * Past the maximum the table shows its empty state while the request goes on; rows that come later show.
 */
export const LOADING_TIMINGS: Readonly<Record<TableMode, LoadingTimings>> = {
  game: { maxMs: 15_000, emptyExtraMs: 0, minMs: 0 },
  props: { maxMs: 45_000, emptyExtraMs: 10_000, minMs: 2_000 },
};

export interface LoadingClock {
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
}

const globalClock: LoadingClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LoadingScreen {
  private showing = false;
  /** Waiting out the extra time after an empty load: rows arriving end it. */
  private waitingForRows = false;
  private minUntil = 0;
  private timer: unknown = null;

  constructor(
    private readonly timings: LoadingTimings,
    private readonly onChange: (showing: boolean) => void,
    private readonly clock: LoadingClock = globalClock,
  ) {}

  get visible(): boolean {
    return this.showing;
  }

  /** A load starts with nothing on screen; `entered` when it is the section's first (the minimum applies). */
  start(entered: boolean): void {
    if (entered && this.timings.minMs > 0) this.minUntil = this.clock.now() + this.timings.minMs;
    this.waitingForRows = false;
    this.set(true);
    this.schedule(this.timings.maxMs, () => this.finish());
  }

  /** The load ended: with rows to show, or none. */
  settled(hasRows: boolean): void {
    if (!this.showing) return;
    if (hasRows || this.timings.emptyExtraMs <= 0) {
      this.finish();
      return;
    }
    this.waitingForRows = true;
    this.schedule(this.timings.emptyExtraMs, () => this.finish());
  }

  /** The load failed: the page shows its error instead, at once. */
  failed(): void {
    this.minUntil = 0;
    this.finish();
  }

  /** Rows changed outside a load (pushed over the socket). */
  rows(hasRows: boolean): void {
    if (this.showing && this.waitingForRows && hasRows) this.finish();
  }

  dispose(): void {
    this.clear();
  }

  private finish(): void {
    this.waitingForRows = false;
    const wait = this.minUntil - this.clock.now();
    if (wait > 0) {
      this.schedule(wait, () => this.finish());
      return;
    }
    this.clear();
    this.set(false);
  }

  private schedule(ms: number, fn: () => void): void {
    this.clear();
    this.timer = this.clock.setTimer(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  private clear(): void {
    if (this.timer !== null) this.clock.clearTimer(this.timer);
    this.timer = null;
  }

  private set(showing: boolean): void {
    if (showing === this.showing) return;
    this.showing = showing;
    this.onChange(showing);
  }
}
