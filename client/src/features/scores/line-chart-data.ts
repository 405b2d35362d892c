import {
  LINE_MOVEMENT_MARKETS,
  mainLinePrices,
  openingToClosing,
  type LineHistoryBook,
  type LineMove,
  type LineMovementMarket,
  type MainLinePrice,
} from '@oddspulse/shared';
import { formatAmericanOdds, type OddsDisplayFormat } from '../../format/odds-format';
import { formatLine } from './scores-logic';

/** One book's series: its legend label, its book, and its value at each of the chart's times (null: no value). */
export interface ChartSeries {
  label: string;
  book: string;
  values: Array<number | null>;
}

/** A chart's data as uPlot takes it: shared times (epoch seconds) and one value list per series. */
export interface ChartData {
  times: number[];
  series: ChartSeries[];
}

/** The price chart: each book's implied probability (percent) and, at each time, the price behind it. */
export interface PriceSeries extends ChartSeries {
  quotes: Array<MainLinePrice | null>;
}

export interface PriceChartData {
  times: number[];
  series: PriceSeries[];
}

/** What the chart shows of a game that has started: every price, or those quoted before the start. */
export type ChartPeriod = 'pregame' | 'whole';

/** The outcomes of a market across the books, by name (the Side choices), in the order first seen. */
export function marketSides(books: readonly LineHistoryBook[], market: LineMovementMarket): string[] {
  const names = books.flatMap((b) =>
    b.markets.filter((m) => m.key === market).flatMap((m) => m.outcomes.map((o) => o.name)),
  );
  return [...new Set(names)];
}

/** Each book's prices of one side along its main line (shared's rule), quoted before `until`; books without any left out. */
function booksPrices(books: readonly LineHistoryBook[], market: LineMovementMarket, side: string, until: number) {
  return books.flatMap((book) =>
    book.markets
      .filter((m) => m.key === market)
      .flatMap((m) => m.outcomes.filter((o) => o.name === side))
      .map((outcome) => ({ book, prices: mainLinePrices(outcome).filter((p) => p.at < until) }))
      .filter(({ prices }) => prices.length > 0),
  );
}

/** The price held at `at`: the last one at or before it, none once the book took it down. */
function quoteAt(prices: readonly MainLinePrice[], at: number): MainLinePrice | null {
  let held: MainLinePrice | null = null;
  for (const price of prices) {
    if (price.at > at) break;
    held = price;
  }
  return held?.until !== undefined && held.until <= at ? null : held;
}

/**
 * Each book's price held at every time a shown price changed, and at `end` when it is a moment after them (the start,
 * or now: the steps run up to it, and a book that has not moved is a level rather than a step of no length), the one
 * grid both charts of a side draw on.
 */
function quotesOverTime(
  books: readonly LineHistoryBook[],
  market: LineMovementMarket,
  side: string,
  until: number,
  end: number,
) {
  const picked = booksPrices(books, market, side, until);
  // a line taken down ends there (before `until`): its series stops at that moment
  const moments = picked.flatMap(({ prices }) =>
    prices.flatMap((p) => (p.until !== undefined && p.until < until ? [p.at, p.until] : [p.at])),
  );
  const times = [...new Set(moments)].sort((a, b) => a - b);
  if (times.length > 0 && Number.isFinite(end) && end > times[times.length - 1]) times.push(end);
  return { times, books: picked.map(({ book, prices }) => ({ book, quotes: times.map((t) => quoteAt(prices, t)) })) };
}

/**
 * The price chart of one side: one series per book, its implied probability in percent along its main line across
 * line changes (American odds on a linear axis drew −105 → +102 as a 200-point spike), with the price and line behind
 * each value for the tooltip. `until` (epoch seconds) keeps the prices quoted before it: the start, for opening to
 * closing. `end` is the chart's last moment, the prices held up to it: the start, or now for a game to come or live.
 */
export function priceChart(
  books: readonly LineHistoryBook[],
  market: LineMovementMarket,
  side: string,
  until = Infinity,
  end = until,
): PriceChartData {
  const { times, books: quoted } = quotesOverTime(books, market, side, until, end);
  return {
    times,
    series: quoted.map(({ book, quotes }) => ({
      label: book.title,
      book: book.key,
      quotes,
      values: quotes.map((q) => (q ? q.probability * 100 : null)),
    })),
  };
}

/** The line chart of one side (spreads and totals): each book's main line over time, one series per book (priceChart's grid). */
export function lineChart(
  books: readonly LineHistoryBook[],
  market: LineMovementMarket,
  side: string,
  until = Infinity,
  end = until,
): ChartData {
  if (market === 'h2h') return { times: [], series: [] };
  const { times, books: quoted } = quotesOverTime(books, market, side, until, end);
  return {
    times,
    series: quoted.map(({ book, quotes }) => ({
      label: book.title,
      book: book.key,
      values: quotes.map((q) => q?.point ?? null),
    })),
  };
}

/** Each book's opening and closing price of one side (its latest while the game is to come), in the books' order. */
export function lineMoves(
  books: readonly LineHistoryBook[],
  market: LineMovementMarket,
  side: string,
  startsAt: number,
): Array<{ book: string; title: string; move: LineMove }> {
  return booksPrices(books, market, side, Infinity).flatMap(({ book, prices }) => {
    const move = openingToClosing(prices, startsAt);
    return move ? [{ book: book.key, title: book.title, move }] : [];
  });
}

/** A line as its market writes it: a spread signed ("+3.5", "PK"), a total as it is ("256.5"). */
export function formatLinePoint(market: LineMovementMarket, point: number): string {
  return market === 'spreads' ? formatLine(point) : String(point);
}

/** A price with its line in the user's odds format: "5.5 −120" (a total), "+3.5 1.91" (a spread), "+150" (a moneyline). */
export function quoteText(quote: MainLinePrice, market: LineMovementMarket, format: OddsDisplayFormat): string {
  const price = formatAmericanOdds(quote.price, format);
  return quote.point === null ? price : `${formatLinePoint(market, quote.point)} ${price}`;
}

/** An implied probability (a fraction) in percent to a tenth: "54.5%". */
export function probabilityText(probability: number): string {
  return `${(probability * 100).toFixed(1)}%`;
}

/** A move in points of probability, signed: "+3.2 pts", "−0.8 pts", "0.0 pts". */
export function probabilityPointsText(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  if (rounded === 0) return '0.0 pts';
  return `${rounded > 0 ? '+' : '\u2212'}${Math.abs(rounded).toFixed(1)} pts`;
}

/** A percent axis's labels: whole percents, or tenths when the ticks are closer than a point. */
export function percentAxisLabel(value: number, increment: number): string {
  return `${value.toFixed(increment < 1 ? 1 : 0)}%`;
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
 * none. A finished game's history is complete, so "yet" would promise prices that are not coming. A market with prices
 * only after the start, shown before it, says where its prices are rather than that it has none.
 */
export function noHistoryText(
  market: LineMovementMarket,
  withHistory: readonly LineMovementMarket[],
  finished: boolean,
  beforeStartOnly = false,
): string {
  if (beforeStartOnly && withHistory.includes(market))
    return `No ${LINE_MARKET_LABELS[market]} prices before the start were recorded for this game by the books shown; its prices from the start on are under “Before and during the game”.`;
  if (withHistory.length > 0) {
    const others = withHistory.map((m) => LINE_MARKET_LABELS[m]).join(' and ');
    return `No ${LINE_MARKET_LABELS[market]} prices were recorded for this game by the books shown; ${others} ${withHistory.length === 1 ? 'has' : 'have'} history.`;
  }
  return finished
    ? 'No prices were recorded for this game by the books shown: it was not on the odds board while it was priced, or its prices are older than the history kept.'
    : 'No history available yet for the selected parameters.';
}
