import { canonicalIsoTime } from '../engine/odds/iso-time';

/** Dates of games are US Eastern days, as the US books and scoreboards list them. */
const GAME_DAY_ZONE = 'America/New_York';
const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: GAME_DAY_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The game day (YYYY-MM-DD, US Eastern) of a time: what `date=` means on /api/odds, /api/player-props and /api/scores. */
export function gameDay(time: string | number | Date): string {
  return dayFormatter.format(new Date(time));
}

/**
 * Whether `day` is a day of the calendar as YYYY-MM-DD, from 1970: what `date=` takes. Date.parse alone reads
 * 2024-02-30 as March 1 and takes year 0.
 */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(canonicalIsoTime(`${day}T00:00:00Z`));
}
