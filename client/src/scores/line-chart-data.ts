import {
  americanToDecimal,
  isValidAmerican,
  LINE_MOVEMENT_MARKETS,
  type LineHistoryBook,
  type LineHistoryOutcome,
  type LineMovementMarket,
} from '@oddspulse/shared';
import { formatAmericanOdds, formatOdds, type OddsDisplayFormat } from '../odds/filters/filter-settings';

/** One series of the chart: its legend label, its book, and its value at each of the chart's times (null: no value). */
export interface ChartSeries {
  label: string;
  book: string;
  values: Array<number | null>;
}

/** The chart's data as uPlot takes it: shared times (epoch seconds) and one value list per series. */
export interface ChartData {
  times: number[];
  series: ChartSeries[];
}

const signed = (point: number) => (point > 0 ? `+${point}` : String(point));

/** The outcomes of a market across the books, by name (the Side choices), in the order first seen. */
export function marketSides(books: readonly LineHistoryBook[], market: LineMovementMarket): string[] {
  const names = books.flatMap((b) =>
    b.markets.filter((m) => m.key === market).flatMap((m) => m.outcomes.map((o) => o.name)),
  );
  return [...new Set(names)];
}

function sideOutcomes(books: readonly LineHistoryBook[], market: LineMovementMarket, side: string) {
  return books.flatMap((b) =>
    b.markets
      .filter((m) => m.key === market)
      .flatMap((m) => m.outcomes.filter((o) => o.name === side).map((outcome) => ({ book: b, outcome }))),
  );
}

/** The value a step series holds at `t`: its last entry at or before `t` (a price holds until the next change). */
function heldAt(entries: ReadonlyArray<[number, number]>, t: number): number | null {
  let value: number | null = null;
  for (const [at, v] of entries) {
    if (at > t) break;
    value = v;
  }
  return value;
}

/** Whether a line (point) is the outcome's line at `t`; a line is only drawn while it is the one offered. */
function lineCurrentAt(outcome: LineHistoryOutcome, point: number | null, t: number): boolean {
  if (point === null || outcome.moves.length === 0) return true;
  return heldAt(outcome.moves, t) === point;
}

function chart(times: Set<number>, build: (sorted: number[]) => ChartSeries[]): ChartData {
  const sorted = [...times].sort((a, b) => a - b);
  return { times: sorted, series: build(sorted) };
}

/**
 * The price chart of one side: one series per book and line, so the prices of two different lines
 * (−3.5 and −4) never join into one sawtooth; a line shows only while it is the book's line.
 */
export function priceChart(books: readonly LineHistoryBook[], market: LineMovementMarket, side: string): ChartData {
  const picked = sideOutcomes(books, market, side);
  const times = new Set(picked.flatMap(({ outcome }) => outcome.lines.flatMap((l) => l.prices.map(([t]) => t))));
  return chart(times, (sorted) =>
    picked.flatMap(({ book, outcome }) =>
      outcome.lines.map((line) => ({
        label: line.point === null ? book.title : `${book.title} ${signed(line.point)}`,
        book: book.key,
        values: sorted.map((t) => (lineCurrentAt(outcome, line.point, t) ? heldAt(line.prices, t) : null)),
      })),
    ),
  );
}

/** The line chart of one side (spreads and totals): each book's line over time, one series per book. */
export function lineChart(books: readonly LineHistoryBook[], market: LineMovementMarket, side: string): ChartData {
  const picked = sideOutcomes(books, market, side).filter(({ outcome }) => outcome.moves.length > 0);
  const times = new Set(
    picked.flatMap(({ outcome }) => [
      ...outcome.moves.map(([t]) => t),
      ...outcome.lines.flatMap((l) => l.prices.map(([t]) => t)),
    ]),
  );
  return chart(times, (sorted) =>
    picked.map(({ book, outcome }) => ({
      label: book.title,
      book: book.key,
      values: sorted.map((t) => heldAt(outcome.moves, t)),
    })),
  );
}

export const LINE_MARKET_LABELS: Record<LineMovementMarket, string> = {
  h2h: 'Moneyline',
  spreads: 'Spread',
  totals: 'Total',
};

/** The markets the books' history holds any price of, in the tab's order. */
export function marketsWithHistory(books: readonly LineHistoryBook[]): LineMovementMarket[] {
  return LINE_MOVEMENT_MARKETS.filter((market) => marketSides(books, market).length > 0);
}

/** The market the tab opens on: the one chosen, else the spread when it has history, else the first market that has. */
export function openingMarket(
  chosen: LineMovementMarket | null,
  withHistory: readonly LineMovementMarket[],
): LineMovementMarket {
  return chosen ?? (withHistory.length === 0 || withHistory.includes('spreads') ? 'spreads' : withHistory[0]);
}

/**
 * What the tab says when the market shown has no prices (spec 002 §2): which markets do have some, or why there are
 * none. A finished game's history is complete, so "yet" would promise prices that are not coming.
 */
export function noHistoryText(
  market: LineMovementMarket,
  withHistory: readonly LineMovementMarket[],
  finished: boolean,
): string {
  if (withHistory.length > 0) {
    const others = withHistory.map((m) => LINE_MARKET_LABELS[m]).join(' and ');
    return `No ${LINE_MARKET_LABELS[market]} prices were recorded for this game by the books shown; ${others} ${withHistory.length === 1 ? 'has' : 'have'} history.`;
  }
  return finished
    ? 'No prices were recorded for this game by the books shown: it was not on the odds board while it was priced, or its prices are older than the history kept.'
    : 'No history available yet for the selected parameters.';
}

/**
 * A price chart (American prices) as the user reads odds: American stays as recorded; decimal and fractional are drawn
 * as decimal odds, which move evenly through even money where American jumps from −100 to +100.
 */
export function priceChartIn(
  data: ChartData,
  format: OddsDisplayFormat,
): { data: ChartData; format: (v: number) => string } {
  if (format === 'american') return { data, format: (v) => formatAmericanOdds(v, 'american') };
  const toDecimal = (v: number | null) => (v !== null && isValidAmerican(v) ? americanToDecimal(v) : null);
  return {
    data: { times: data.times, series: data.series.map((s) => ({ ...s, values: s.values.map(toDecimal) })) },
    format: (v) => formatOdds(v, format),
  };
}
