import type { OddsRow } from './rows';

/** Market key labels (spec 001 §3): h2h, spreads, totals and draw_no_bet; others are spelled out from the key. */
const MARKET_LABELS: Record<string, string> = {
  h2h: 'Moneyline',
  spreads: 'Spread',
  totals: 'Total',
  draw_no_bet: 'Draw No Bet',
  team_totals: 'Team Total',
  alternate_spreads: 'Alt Spread',
  alternate_totals: 'Alt Total',
};

export function marketLabel(key: string): string {
  if (MARKET_LABELS[key]) return MARKET_LABELS[key];
  return key
    .replace(/^(player|batter|pitcher)_/, '')
    .split('_')
    .map((w) => (w === 'yds' ? 'Yards' : w === 'tds' ? 'TDs' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export const signedPoint = (point: number, spread: boolean) => (spread && point > 0 ? `+${point}` : String(point));

/** "Boston Celtics -3.5", "Over 220.5", "LeBron James Over 24.5", "Miami Heat". */
export function selectionLabel(row: Pick<OddsRow, 'outcome' | 'point' | 'playerName' | 'market'>): string {
  const spread = row.point !== undefined && row.outcome !== 'Over' && row.outcome !== 'Under';
  const line = row.point === undefined ? '' : ` ${signedPoint(row.point, spread)}`;
  return `${row.playerName ? `${row.playerName} ` : ''}${row.outcome}${line}`;
}

export function matchLabel(row: Pick<OddsRow, 'awayTeam' | 'homeTeam'>): string {
  return `${row.awayTeam} @ ${row.homeTeam}`;
}

/**
 * A date formatter for `en-US` made on first use and kept: `toLocaleString` with options builds a new Intl formatter
 * (and reads its locale data) on every call, which cost the odds page's first render tens of milliseconds (issue 18).
 */
export function englishDates(options: Intl.DateTimeFormatOptions): (time: number | Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (time) => (format ??= new Intl.DateTimeFormat('en-US', options)).format(time);
}

const gameTime = englishDates({ weekday: 'short', hour: 'numeric', minute: '2-digit' });

/** When a game starts, as a row shows it: "Sun 1:00 PM"; nothing for a time that does not parse. */
export function gameTimeLabel(commenceTime: string): string {
  const start = Date.parse(commenceTime);
  return Number.isNaN(start) ? '' : gameTime(start);
}
