/**
 * Simulated time: SIMULATOR_TIME_SCALE compresses game length, book lags and drift alike, so the simulator
 * works in simulated seconds and converts at its edges; times in its output are real (wall-clock) times.
 */
export class SimClock {
  constructor(
    readonly seed: number,
    readonly timeScale: number,
  ) {}

  /** Simulated seconds at a real time. */
  simSec(realMs: number): number {
    return (realMs / 1000) * this.timeScale;
  }

  realMs(simSec: number): number {
    return (simSec * 1000) / this.timeScale;
  }
}

/** A real time as the feeds write it: whole seconds, no milliseconds. */
export const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const MEMO_LIMIT = 5000;

/** Keeps a pure result any process could rebuild; cleared when full rather than grown without bound. */
export function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}
