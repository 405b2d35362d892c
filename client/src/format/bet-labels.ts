import { selectionText, type OpportunityLeg } from '@oddspulse/shared';

// one wording of markets and selections for the web and the alert messages (shared/src/domain/market-labels.ts)
export { marketLabel, signedPoint } from '@oddspulse/shared';

/** What a selection is, as a table row or a bet slip holds it. */
export interface Selection {
  outcome: string;
  point?: number;
  playerName?: string;
  market: string;
}

/** "Boston Celtics -3.5", "Over 220.5", "LeBron James Over 24.5", "Miami Heat". */
export function selectionLabel(row: Selection): string {
  return selectionText({ outcome: row.outcome, point: row.point, player: row.playerName });
}

/** `selectionLabel` of a bet or an opportunity's leg as the API sends it, where the player (or team) is `description`. */
export function betSelectionLabel(bet: Pick<OpportunityLeg, 'outcome' | 'point' | 'description' | 'market'>): string {
  return selectionLabel({ outcome: bet.outcome, point: bet.point, playerName: bet.description, market: bet.market });
}

export function matchLabel(row: { awayTeam: string; homeTeam: string }): string {
  return `${row.awayTeam} @ ${row.homeTeam}`;
}

// The odds page's dates are written from the Date's own fields. The page's first Intl.DateTimeFormat loads
// the browser's date and time-zone data, 35-80 ms of main thread on a first visit here, ahead of the first odds row.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** When a game starts, in local time, as a row shows it: "Sun 1:05 PM" (en-US); nothing for a time that does not parse. */
export function gameTimeLabel(commenceTime: string): string {
  const start = new Date(commenceTime);
  if (Number.isNaN(start.getTime())) return '';
  const hours = start.getHours();
  return `${WEEKDAYS[start.getDay()]} ${hours % 12 || 12}:${String(start.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A local calendar day as the date picker names it: "Thu, Nov 26" (en-US). */
export function pickerDayLabel(day: Date): string {
  return `${WEEKDAYS[day.getDay()]}, ${MONTHS[day.getMonth()]} ${day.getDate()}`;
}
