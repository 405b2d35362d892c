import type { BoardEvent, BoardMarket } from '../../domain/odds';
import { IsoTimes, parseIsoTime } from '../odds/iso-time';

/**
 * The locked-market rule (spec 001 §5 filters, §9): a market is locked if its odds are missing or 0, if the
 * absolute American odds exceed 5000, or if its last update is older than 15 minutes (5 minutes live).
 * Locked prices never reach EV, arbitrage or middles. "Now" is always an argument (ms since epoch).
 */
export const LOCKED_MAX_ABS_AMERICAN = 5000;
export const LOCKED_MAX_AGE_MS = 15 * 60_000;
export const LOCKED_MAX_AGE_LIVE_MS = 5 * 60_000;
/** A game is LIVE from its start until 3.5 hours after (spec 001 §4, §9). */
export const LIVE_WINDOW_MS = 3.5 * 3_600_000;

/** True when decimal odds cannot be bet: missing, 0, ≤ 1, or beyond ±5000 American. */
export function isLockedPrice(decimal: number | null | undefined): boolean {
  if (decimal === null || decimal === undefined || !Number.isFinite(decimal) || decimal <= 1) return true;
  // decimalToAmerican() written out: this runs for every outcome of a board scan, and a call returning a
  // number that is not inlined costs an allocation
  const american = decimal >= 2 ? (decimal - 1) * 100 : -100 / (decimal - 1);
  // a tolerance so −5000 (1.02) and +5000 (51) themselves stay open despite floating point
  return Math.abs(american) > LOCKED_MAX_ABS_AMERICAN + 1e-9;
}

/** True when a price updated at `lastUpdate` is too old to bet (15 min, 5 min live); an unknown time is too old. */
export function isStaleUpdate(lastUpdate: string, now: number, live: boolean): boolean {
  return isStaleAt(Date.parse(lastUpdate), now, live);
}

/**
 * isStaleUpdate() of a time already read (ms since the epoch, NaN when unreadable). A book's clock ahead of ours is
 * age 0, so never too old. The only way the clock enters the locked-market rule: what a price shows at two times
 * differs only if this does.
 */
export function isStaleAt(updatedAt: number, now: number, live: boolean): boolean {
  return !(now - updatedAt <= (live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS));
}

/** The first time (ms since the epoch) at which isStaleAt holds of a price updated at `updatedAt`; NaN when unreadable. */
export function staleFrom(updatedAt: number, live: boolean): number {
  return Math.floor(updatedAt + (live ? LOCKED_MAX_AGE_LIVE_MS : LOCKED_MAX_AGE_MS)) + 1;
}

export function isLockedMarket(
  decimals: readonly (number | null | undefined)[],
  lastUpdate: string,
  now: number,
  live: boolean,
): boolean {
  return isLockedMarketAt(decimals, Date.parse(lastUpdate), now, live);
}

/** isLockedMarket() of a market whose update time is already read (ms since the epoch, NaN when unreadable). */
export function isLockedMarketAt(
  decimals: readonly (number | null | undefined)[],
  updatedAt: number,
  now: number,
  live: boolean,
): boolean {
  if (decimals.length === 0 || isStaleAt(updatedAt, now, live)) return true;
  // a loop rather than some(): the odds table asks this of every market of a board it loads
  for (let i = 0; i < decimals.length; i++) if (isLockedPrice(decimals[i])) return true;
  return false;
}

/**
 * Has the game started? An event whose start time is missing or unreadable counts as started, so it gets
 * the stricter live rules rather than the pre-match ones.
 */
export function isEventLive(event: Pick<BoardEvent, 'commence_time'>, now: number): boolean {
  return hasStarted(parseIsoTime(event.commence_time), now);
}

/** isEventLive() of a start time already read (ms since the epoch, NaN when unreadable). */
export function hasStarted(start: number, now: number): boolean {
  return Number.isNaN(start) || start <= now;
}

/**
 * The locked-market rule as a board diff asks it of every market of two boards: isLockedMarket() with each update and
 * start time read once (a board repeats the same few across thousands of markets) and no list of prices made.
 */
export function lockedMarketReader(): (market: BoardMarket, event: BoardEvent, now: number) => boolean {
  const times = new IsoTimes();
  return (market, event, now) => {
    const outcomes = market.outcomes;
    if (
      outcomes.length === 0 ||
      isStaleAt(times.time(market.last_update), now, hasStarted(times.time(event.commence_time), now))
    )
      return true;
    for (let i = 0; i < outcomes.length; i++) if (isLockedPrice(outcomes[i].price)) return true;
    return false;
  };
}
