import { devig } from '../engine/odds/devig';
import { bookWeight, weightedMedian } from '../engine/odds/fair-probability';
import { isDrawOutcome, LINE_GROUPING_TOLERANCE } from '../engine/lines/line-rules';
import { canonicalBookKey } from '../domain/books/sportsbooks';
import { teamMatchStrength } from '../scores/team-match';
import { isDrawNoBet, isRegulationTimeOutsideSoccer, parseSelection } from './settlement';

/** A bookmaker's last price before the start, as the odds history holds it (decimal odds). */
export interface ClosingPrice {
  bookmaker_key: string;
  market_key: string;
  outcome_name: string;
  point: number | null;
  price: number;
}

export interface PickForClose {
  market: string;
  selection: string;
  bookmaker: string | null;
  /** The pick's sport key, when known: outside soccer a regulation-time market has no two-way close. */
  sport?: string | null;
}

export interface ClosingLine {
  /** Decimal odds of the close. */
  decimal: number;
  /** The pick's own book, or the fair line (de-vigged, weighted median across books) when that book had no close. */
  source: 'book' | 'fair';
}

const MARKET_KEYS = { moneyline: 'h2h', spread: 'spreads', total: 'totals' } as const;
function sameLine(a: number | null, b: number | null): boolean {
  return a !== null && b !== null && Math.abs(a - b) <= LINE_GROUPING_TOLERANCE;
}

/**
 * The closing line of a pick (CLV): the last price before the start at the same book, for the
 * same side and line; else the fair closing line from every book that closed both sides of that line
 * (multiplicative de-vig, then the weighted median of spec 001 §5). Null when neither can be had, and for a
 * regulation-time market outside soccer: it is decided on the score after regulation, the two-way h2h close on the
 * score with the overtime, so that close is not its own.
 */
export function closingLineFor(pick: PickForClose, closes: readonly ClosingPrice[]): ClosingLine | null {
  const parsed = parseSelection(pick.market, pick.selection);
  if (!parsed || isRegulationTimeOutsideSoccer(pick.market, pick.sport)) return null;
  // a draw-no-bet price is a two-way market of its own, far shorter than the same team's in the 1X2 (h2h)
  const marketKey = isDrawNoBet(pick.market) ? 'draw_no_bet' : MARKET_KEYS[parsed.kind];
  const rows = closes.filter((c) => c.market_key === marketKey);

  const isOurs = (row: ClosingPrice): boolean => {
    if (parsed.kind === 'total')
      return row.outcome_name.toLowerCase() === parsed.side && sameLine(row.point, parsed.line);
    if ('draw' in parsed) return isDrawOutcome(row.outcome_name);
    if (teamMatchStrength(parsed.team, row.outcome_name) === 0) return false;
    return parsed.kind === 'moneyline' || sameLine(row.point, parsed.line);
  };
  /** The other side of our outcome at the same book: the opposite team (spread: opposite line) or over/under. */
  const isOpposite = (row: ClosingPrice, ours: ClosingPrice): boolean => {
    if (row.bookmaker_key !== ours.bookmaker_key || row.outcome_name === ours.outcome_name) return false;
    if (parsed.kind === 'moneyline') return !isDrawOutcome(row.outcome_name);
    if (parsed.kind === 'total') return sameLine(row.point, ours.point);
    return ours.point !== null && sameLine(row.point, -ours.point);
  };

  const ourRows = rows.filter(isOurs);
  if (pick.bookmaker) {
    const book = canonicalBookKey(pick.bookmaker);
    const own = ourRows.find((r) => canonicalBookKey(r.bookmaker_key) === book);
    if (own) return { decimal: own.price, source: 'book' };
  }

  const probabilities: number[] = [];
  const weights: number[] = [];
  for (const ours of ourRows) {
    // Three-way markets (a draw) are de-vigged whole; two-way ones as a pair.
    const others = rows.filter(
      (r) =>
        isOpposite(r, ours) ||
        (parsed.kind === 'moneyline' &&
          r.bookmaker_key === ours.bookmaker_key &&
          r.outcome_name !== ours.outcome_name &&
          isDrawOutcome(r.outcome_name)),
    );
    if (!others.length) continue;
    const result = devig([ours.price, ...others.map((o) => o.price)]);
    if (!result.ok) continue;
    probabilities.push(result.probabilities[0]);
    weights.push(bookWeight(ours.bookmaker_key));
  }
  const fair = weightedMedian(probabilities, weights);
  return fair && fair > 0 && fair < 1 ? { decimal: 1 / fair, source: 'fair' } : null;
}

/** Closing-line value, percent: how much more the taken price paid than the close (positive beats the close). */
export function closingLineValue(takenDecimal: number, closingDecimal: number): number {
  return (takenDecimal / closingDecimal - 1) * 100;
}
