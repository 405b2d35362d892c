/**
 * How a market and a selection read to a person (spec 001 §3 market key labels), once for every surface: the odds
 * tables, the slip and the scanners on the web, and the alert mails, pushes and webhooks.
 */
const MARKET_LABELS = new Map<string, string>(
  Object.entries({
    h2h: 'Moneyline',
    spreads: 'Spread',
    totals: 'Total',
    draw_no_bet: 'Draw No Bet',
    team_totals: 'Team Total',
    alternate_spreads: 'Alt Spread',
    alternate_totals: 'Alt Total',
  }),
);

/** The Odds API's period suffixes: `spreads_q1` is the 1st quarter's spread. */
const PERIODS = new Map<string, string>(
  Object.entries({
    q1: '1st Quarter',
    q2: '2nd Quarter',
    q3: '3rd Quarter',
    q4: '4th Quarter',
    h1: '1st Half',
    h2: '2nd Half',
    p1: '1st Period',
    p2: '2nd Period',
    p3: '3rd Period',
  }),
);

/** "Moneyline", "Spread · 1st Quarter", "Receptions", "Pass Yards (Alt)"; others are spelled out from the key. */
export function marketLabel(key: string): string {
  const label = MARKET_LABELS.get(key);
  if (label) return label;
  const period = /^(.+)_(q[1-4]|h[12]|p[1-3])$/.exec(key);
  const periodLabel = period && MARKET_LABELS.get(period[1]);
  if (periodLabel) return `${periodLabel} · ${PERIODS.get(period[2])}`;
  const alternate = /^(.+)_alternate$/.exec(key);
  if (alternate) return `${marketLabel(alternate[1])} (Alt)`;
  return key
    .replace(/^(player|batter|pitcher)_/, '')
    .split('_')
    .map((w) => (w === 'yds' ? 'Yards' : w === 'tds' ? 'TDs' : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

export const signedPoint = (point: number, spread: boolean) => (spread && point > 0 ? `+${point}` : String(point));

/**
 * A selection as a person reads it: "Boston Celtics -3.5", "Miami Heat +3.5", "Over 220.5", "LeBron James Over 24.5",
 * "Miami Heat". A line on a side other than Over/Under is a spread's, and is signed.
 */
export function selectionText(selection: { outcome: string; point?: number; player?: string | null }): string {
  const spread = selection.point !== undefined && selection.outcome !== 'Over' && selection.outcome !== 'Under';
  const line = selection.point === undefined ? '' : ` ${signedPoint(selection.point, spread)}`;
  return `${selection.player ? `${selection.player} ` : ''}${selection.outcome}${line}`;
}
