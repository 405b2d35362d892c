import { LIVE_WINDOW_MS } from '@oddspulse/shared';
import { pickerDayLabel } from '../../../format/bet-labels';
import type { OddsRow } from '../rows/rows';

/**
 * The odds table's filters (spec 001 §5 filters, §2 date picker, §4 date filter and live window).
 */

/** The date picker's choice: '' is all dates, 'live' games in play, 'YYYY-MM-DD' upcoming games that (local) day. */
export type DateChoice = string;

export interface RowFilters {
  /** PERCENT; rows below it are hidden. Null: no minimum. */
  minEv: number | null;
  /** Hide rows with EV of 0 or less. */
  positiveOnly: boolean;
  search: string;
  date: DateChoice;
}

export const EMPTY_ROW_FILTERS: RowFilters = { minEv: null, positiveOnly: false, search: '', date: '' };

/** A game is LIVE from its start until 3.5 hours after (spec 001 §4). */
export function isLive(commenceTime: string, now: number): boolean {
  const start = Date.parse(commenceTime);
  return !Number.isNaN(start) && start <= now && now < start + LIVE_WINDOW_MS;
}

/** The local calendar day of a time, 'YYYY-MM-DD'. */
export function localDay(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function matchesDate(commenceTime: string, date: DateChoice, now: number): boolean {
  if (!date) return true;
  if (date === 'live') return isLive(commenceTime, now);
  const start = Date.parse(commenceTime);
  // a date means upcoming games on that day
  return !Number.isNaN(start) && start > now && localDay(start) === date;
}

/** The date picker's options: All Dates, Live Games, Today and the next 7 days (spec 001 §2). */
export function dateOptions(now: number): Array<{ value: DateChoice; label: string }> {
  const options: Array<{ value: DateChoice; label: string }> = [
    { value: '', label: 'All Dates' },
    { value: 'live', label: 'Live Games' },
    { value: localDay(now), label: 'Today' },
  ];
  const today = new Date(now);
  for (let i = 1; i <= 7; i++) {
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + i, 12);
    options.push({ value: localDay(day.getTime()), label: pickerDayLabel(day) });
  }
  return options;
}

/**
 * Search matches player, outcome name, teams, market key and sport title, case-insensitively (spec 001 §5).
 * Words are matched each on its own, so a combination ("lakers spreads", the search modal's tip) finds the
 * rows where every word is in one of those fields.
 */
export function matchesSearch(row: OddsRow, search: string): boolean {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const fields = [row.playerName, row.outcome, row.homeTeam, row.awayTeam, row.market, row.sportTitle].flatMap(
    (field) => (field ? [field.toLowerCase()] : []),
  );
  return words.every((word) => fields.some((field) => field.includes(word)));
}

/**
 * Search looks only inside the selected sports ("lakers" under NFL/NCAAF showed nothing, with no hint).
 * While a search is typed, the sports it leaves out, so the page can offer to search all of them; null when none.
 */
export function sportsOutsideSearch(
  search: string,
  selected: readonly string[],
  available: readonly { key: string }[],
): string[] | null {
  if (!search.trim()) return null;
  const chosen = new Set(selected);
  const others = available.filter((sport) => !chosen.has(sport.key)).map((sport) => sport.key);
  return others.length ? others : null;
}

/** The EV filter: below the minimum, or 0 or less when positive-only, is hidden; DFS app rows always show. */
export function passesEv(row: OddsRow, minEv: number | null, positiveOnly: boolean): boolean {
  if (row.isDfs) return true;
  if (minEv !== null && (row.evPct === null || row.evPct < minEv)) return false;
  if (positiveOnly && !(row.evPct !== null && row.evPct > 0)) return false;
  return true;
}

export function filterRows(rows: readonly OddsRow[], filters: RowFilters, now: number): OddsRow[] {
  return rows.filter(
    (row) =>
      passesEv(row, filters.minEv, filters.positiveOnly) &&
      matchesSearch(row, filters.search) &&
      matchesDate(row.commenceTime, filters.date, now),
  );
}

/**
 * The mobile date sheet 'Select Dates' (spec 001 §2): multi-select, but Done keeps only the first choice.
 * Choices start empty each time it opens, so the first option tapped is the one applied; Done with no
 * choice keeps the current filter.
 */
export function toggleDateChoice(choices: readonly DateChoice[], value: DateChoice): DateChoice[] {
  return choices.includes(value) ? choices.filter((v) => v !== value) : [...choices, value];
}

export function dateSheetDone(choices: readonly DateChoice[], current: DateChoice): DateChoice {
  return choices.length ? choices[0] : current;
}

/** The label of a date filter value among the picker's options (a stored day no longer offered shows as itself). */
export function dateLabel(value: DateChoice, now: number): string {
  return dateOptions(now).find((o) => o.value === value)?.label ?? value;
}
