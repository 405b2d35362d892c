import { impliedProbabilityFromAmerican } from '../engine/odds/odds-format';
import type { LineHistoryOutcome } from './line-history';

/**
 * How far a line moved, read from a book's line history (`line-history.ts`). A price is compared as its implied
 * probability: American odds jump from −100 to +100 around even money, so −105 → +102 (a move of under two points of
 * probability) looked like a 200-point spike, and a price on one line never compares with a price on another.
 */

/**
 * One price of a book's main line: when (epoch seconds), the line (null for a moneyline), the American price, and its
 * implied probability (a fraction); `until`, when the book took the line down while this price stood (it holds until
 * then, not on).
 */
export interface MainLinePrice {
  at: number;
  point: number | null;
  price: number;
  probability: number;
  until?: number;
}

/**
 * The entry of a time series held at `at`: its last entry at or before it (a price holds until the next change);
 * undefined before the first (a null entry is a price taken down).
 */
function heldAt<V>(entries: ReadonlyArray<readonly [number, V]>, at: number): V | undefined {
  let value: V | undefined;
  for (const [time, v] of entries) {
    if (time > at) break;
    value = v;
  }
  return value;
}

/**
 * A book's main line at `at`: the line its market quoted then (a book quotes one spread or total per side in a main
 * market, and its moves record each change), null for an outcome without a line (a moneyline). Undefined before the
 * book's first quote.
 */
export function mainLineAt(outcome: LineHistoryOutcome, at: number): number | null | undefined {
  if (outcome.moves.length === 0) return outcome.lines.some((line) => line.point === null) ? null : undefined;
  return heldAt(outcome.moves, at);
}

/**
 * The outcome's price followed along its main line, oldest first: one entry at each moment the line or its price
 * changed, so a book is one series across its line changes rather than one series per line. A line taken down ends
 * the price standing then (its `until`); a price after it starts again. Prices that are not valid American odds are
 * left out.
 */
export function mainLinePrices(outcome: LineHistoryOutcome): MainLinePrice[] {
  const times = new Set<number>(outcome.moves.map(([at]) => at));
  for (const line of outcome.lines) for (const [at] of line.prices) times.add(at);
  const prices: MainLinePrice[] = [];
  for (const at of [...times].sort((a, b) => a - b)) {
    const point = mainLineAt(outcome, at);
    if (point === undefined) continue;
    const line = outcome.lines.find((l) => l.point === point);
    const price = line ? heldAt(line.prices, at) : undefined;
    const last = prices.at(-1);
    if (price === null) {
      if (last && last.until === undefined) last.until = at;
      continue;
    }
    const probability = price === undefined ? null : impliedProbabilityFromAmerican(price);
    if (price === undefined || probability === null) continue;
    if (last?.point === point && last.price === price && last.until === undefined) continue;
    prices.push({ at, point, price, probability });
  }
  return prices;
}

/**
 * A book's opening price and its closing one (the last before the start), or its latest while the game is to come;
 * no closing one (null) when the book had taken the line down by then.
 */
export interface LineMove {
  opening: MainLinePrice;
  closing: MainLinePrice | null;
  /** The move in points of implied probability (closing − opening, percent): +3.2 is a price that shortened. */
  probabilityPoints: number | null;
}

/**
 * Opening to closing of a main line's prices: the first price and the last one quoted before `startsAt` (epoch
 * seconds; the closing line), or null when the book quoted nothing before it. A price the book took down before the
 * start is no close (DECISIONS 34: a close is a price standing at the start).
 */
export function openingToClosing(prices: readonly MainLinePrice[], startsAt: number): LineMove | null {
  const before = prices.filter((p) => p.at < startsAt);
  const opening = before[0];
  const last = before.at(-1);
  if (!opening || !last) return null;
  const closing = last.until !== undefined && last.until < startsAt ? null : last;
  return {
    opening,
    closing,
    probabilityPoints: closing && (closing.probability - opening.probability) * 100,
  };
}
