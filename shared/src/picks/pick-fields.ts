import { MIN_BET_CENTS } from '../engine/bets/bet-slip';
import { isValidAmerican } from '../engine/odds/odds-format';

/**
 * The values a pick may hold, whichever way it arrives (the bet slip's POST /api/picks, the browser list's import, a
 * CSV file): one rule each for odds, edge, money and times, so nothing one door takes is refused by another, and
 * nothing any door takes breaks the database or the user's own export.
 */

/** The most a pick stakes, in cents: $1,000,000. */
export const PICK_MAX_CENTS = 100_000_000;
/** Decimal odds of the longest odds a door takes (pickOddsText: at most 5 digits, so under +100000): 1001. */
export const PICK_MAX_DECIMAL = 1 + 100_000 / 100;
/**
 * What a pick returns per unit staked (its exact price, payoutDecimal), as every door takes it: decimal odds above 1 and
 * under those of the longest odds a door takes, so the largest stake at it pays within PICK_MAX_PAYOUT_CENTS.
 */
export const PICK_PAYOUT_DECIMAL_RULE = `decimal odds above 1 and under ${PICK_MAX_DECIMAL}`;
export function isPickPayoutDecimal(decimal: number): boolean {
  return decimal > 1 && decimal < PICK_MAX_DECIMAL;
}
/**
 * The most a pick pays back (its potential or actual payout), in cents: the largest stake at the longest odds a door
 * takes (decimal odds under PICK_MAX_DECIMAL), $1,001,000,000. Every payout the server works out for a pick it took is
 * within it, so the user's own export imports back.
 */
export const PICK_MAX_PAYOUT_CENTS = PICK_MAX_CENTS * PICK_MAX_DECIMAL;
/** A pick's edge at placement and its closing-line value, in percent. */
export const PICK_EDGE_RANGE = { min: -100, max: 1000 } as const;
export const PICK_CLV_RANGE = { min: -1000, max: 1000 } as const;
/** How sure an automatic settlement was of its game (validationConfidence, SETTLEMENT_CONFIDENCE), a whole percent. */
export const PICK_CONFIDENCE_RANGE = { min: 0, max: 100 } as const;
/** The times a pick may carry (added, started, settled): from 1970 to the end of 2099. */
export const PICK_TIME_RANGE = { from: Date.UTC(1970, 0, 1), to: Date.UTC(2100, 0, 1) } as const;

const AMERICAN = /^[+-]?\d{3,5}(?:\.\d+)?$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * American odds as a pick keeps them: the text given ("+150", "-110", trimmed), or a number written as such; null when
 * it is not American odds (3 to 5 digits, at least 100 either way: `123456789`, `1e308` and `abc` are not).
 */
export function pickOddsText(raw: string | number): string | null {
  const text = typeof raw === 'number' ? (Number.isFinite(raw) ? String(raw) : '') : raw.trim();
  return AMERICAN.test(text) && isValidAmerican(Number(text)) ? text : null;
}

/** An amount in cents a pick may carry: a whole number of cents from 0 to `max` (PICK_MAX_CENTS, PICK_MAX_PAYOUT_CENTS). */
export function isPickCents(cents: number, max: number): boolean {
  return Number.isSafeInteger(cents) && cents >= 0 && cents <= max;
}

/**
 * Whether a stake saved with a new pick (POST /api/picks, MCP's track_pick) is one the slip allows: none yet (0: a My
 * Picks entry may have none, spec 001 §3, set later on its card, where $1 is the least) or at least the slip's $1
 * (spec 001 §5, MIN_BET_CENTS). An import keeps the stake its list or file recorded (isPickCents).
 */
export function meetsPickMinimum(cents: number): boolean {
  return cents === 0 || cents >= MIN_BET_CENTS;
}

/** A number within a pick's range (PICK_EDGE_RANGE, PICK_CLV_RANGE). */
export function inPickRange(value: number, range: { min: number; max: number }): boolean {
  return Number.isFinite(value) && value >= range.min && value <= range.max;
}

/**
 * An ISO 8601 date or time (one without an offset is UTC) as ISO 8601 UTC, when it is within PICK_TIME_RANGE; else
 * null (`0000-01-01` is a date PostgreSQL cannot store).
 */
export function pickTimeIso(text: string): string | null {
  if (!ISO_TIME.test(text)) return null;
  const withZone = /[zZ]|[+-]\d{2}:?\d{2}$/.test(text) || !text.includes(':') ? text : `${text}Z`;
  const at = Date.parse(withZone.replace(' ', 'T'));
  return at >= PICK_TIME_RANGE.from && at < PICK_TIME_RANGE.to ? new Date(at).toISOString() : null;
}
