import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { LINE_MOVEMENT_MARKETS, type LineHistoryBook, type LineMovementMarket } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { TableHead } from '../../ui/TableHead';
import { ValueSelect } from '../../ui/ValueSelect';
import { useSignedInUserId } from '../../state/auth';
import { oddsFormatAtom } from '../../state/display-settings';
import {
  formatLinePoint,
  LINE_MARKET_LABELS,
  lineChart,
  lineMoves,
  marketSides,
  marketsWithHistory,
  noHistoryText,
  openingMarket,
  percentAxisLabel,
  priceChart,
  probabilityPointsText,
  probabilityText,
  quoteText,
  type ChartData,
  type ChartPeriod,
  type PriceChartData,
} from './line-chart-data';
import { lineHistoryQuery } from './scores-api';

// uPlot comes with the chart only: the modal's other tabs never load it.
const LineChart = lazy(() => import('./LineChart'));

const DEFAULT_ERROR = 'Failed to fetch odds history';
/** A book that had taken the line down by the start (or, for a game to come, has now): it has no close. */
const TAKEN_DOWN = 'Taken down';

const PERIODS: Record<ChartPeriod, string> = { pregame: 'Before the start', whole: 'Before and during the game' };

/**
 * The line movement tab (spec 002 §2, §7): each book's price over time from /api/odds-history (its compact `series`
 * view), requested only while this tab is mounted (open). A price is drawn as its implied probability, one series per
 * book following its main line across line changes (shared's `mainLinePrices`), the price and line in the user's odds
 * format in the tooltip and legend; spreads and totals add each book's line as steps; the start is marked, and each
 * book's opening and closing price is listed. A game that has started can be read before its start alone (a finished
 * game opens there: in-play prices run to 0 and 100 % and flatten the pre-game moves). Starts on all books, and on a
 * market the books priced; the legend hides and shows books.
 */
export function LineMovement({
  sport,
  eventId,
  bookmakers,
  startsAt,
  started,
  finished,
}: {
  sport: string;
  eventId: string;
  bookmakers?: readonly string[];
  /** The game's start, epoch seconds. */
  startsAt: number;
  started: boolean;
  finished: boolean;
}) {
  const { signedIn, history, answeredAt, error } = useLineHistory(sport, eventId, bookmakers);
  const [chosenMarket, setMarket] = useState<LineMovementMarket | null>(null);
  const [book, setBook] = useState('all');
  const [side, setSide] = useState('');
  const [period, setPeriod] = useState<ChartPeriod>(finished ? 'pregame' : 'whole');

  const shownBooks = useMemo(() => (history ?? []).filter((b) => book === 'all' || b.key === book), [history, book]);
  const withHistory = useMemo(() => marketsWithHistory(shownBooks), [shownBooks]);
  const market = openingMarket(chosenMarket, withHistory);
  // One side at a time keeps each book's line readable (the other side mirrors it).
  const sides = useMemo(() => marketSides(shownBooks, market), [shownBooks, market]);
  const shownSide = sides.includes(side) ? side : (sides[0] ?? '');
  const until = started && period === 'pregame' ? startsAt : Infinity;
  // a game to come or live: the prices held up to when they were read; a finished one's stop at their last change
  const end = finished ? until : Math.min(until, answeredAt);
  const { prices, lines, moves } = useSideCharts(shownBooks, market, shownSide, until, end, startsAt);

  if (!signedIn) {
    return (
      <p className="small muted">
        <Link to="/login">Sign in</Link> to see line movement.
      </p>
    );
  }
  const sideName = [shownSide, LINE_MARKET_LABELS[market].toLowerCase()].join(' ');
  return (
    <div className="line-movement" data-testid="line-movement">
      <LineControls
        market={market}
        onMarket={setMarket}
        book={book}
        books={history ?? []}
        onBook={setBook}
        sides={sides}
        side={shownSide}
        onSide={setSide}
        period={started ? period : null}
        onPeriod={setPeriod}
      />
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
      {!error && history === null && <div className="spinner" role="status" aria-label="Loading line history" />}
      {!error && history !== null && prices.series.length === 0 && (
        <p className="muted small" data-testid="no-line-history">
          {noHistoryText(market, withHistory, finished, until !== Infinity)}
        </p>
      )}
      {prices.series.length > 0 && (
        <LineCharts
          prices={prices}
          lines={lines}
          market={market}
          sideName={sideName}
          side={shownSide}
          startsAt={started ? startsAt : undefined}
        />
      )}
      {moves.length > 0 && <LineMovesTable moves={moves} market={market} started={started} />}
      {history?.some((b) => b.truncated) && (
        <p className="muted small" data-testid="line-history-truncated">
          This game&apos;s history is longer than one answer holds: its newest prices are shown and its earliest left
          out, so a book&apos;s first price shown may not be its opening.
        </p>
      )}
    </div>
  );
}

/**
 * The implied probability of the side at each book over time, the price in the user's odds format under the pointer;
 * for spreads and totals each book's line below it. uPlot loads with them.
 */
function LineCharts({
  prices,
  lines,
  market,
  sideName,
  side,
  startsAt,
}: {
  prices: PriceChartData;
  lines: ChartData;
  market: LineMovementMarket;
  /** The side and the market, as the chart's summary names them. */
  sideName: string;
  side: string;
  /** The game's start, marked on the charts once it has started. */
  startsAt: number | undefined;
}) {
  const oddsFormat = useAtomValue(oddsFormatAtom);
  // the price and its line in the user's odds format (spec 001 §9), with the probability the chart draws
  const describePrice = useCallback(
    (series: number, index: number) => {
      const quote = prices.series[series]?.quotes[index];
      return quote ? `${quoteText(quote, market, oddsFormat)} (${probabilityText(quote.probability)})` : '—';
    },
    [prices, market, oddsFormat],
  );
  const describeLine = useCallback(
    (series: number, index: number) => {
      const point = lines.series[series]?.values[index];
      return point === null || point === undefined ? '—' : formatLinePoint(market, point);
    },
    [lines, market],
  );
  const lineAxis = useCallback((value: number) => formatLinePoint(market, value), [market]);
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading the chart" />}>
      <LineChart
        title="Implied probability (the price in your odds format under the pointer)"
        summary={`Implied probability of ${sideName} at ${prices.series.length} book(s) over time`}
        data={prices}
        formatAxis={percentAxisLabel}
        describe={describePrice}
        startsAt={startsAt}
      />
      {lines.series.length > 0 && (
        <LineChart
          title={market === 'totals' ? 'Total' : 'Spread'}
          summary={`The ${LINE_MARKET_LABELS[market].toLowerCase()} of ${side} at each book over time`}
          data={lines}
          formatAxis={lineAxis}
          describe={describeLine}
          startsAt={startsAt}
          height={140}
          legend={false}
          testId="line-points-chart"
        />
      )}
    </Suspense>
  );
}

/**
 * What the tab draws of the side shown at the books shown: the implied probability over time (until the start, when
 * only the pre-game is read; held up to `end`), the line over time, and each book's move from its opening price.
 */
function useSideCharts(
  books: readonly LineHistoryBook[],
  market: LineMovementMarket,
  side: string,
  until: number,
  end: number,
  startsAt: number,
) {
  const prices = useMemo(() => priceChart(books, market, side, until, end), [books, market, side, until, end]);
  const lines = useMemo(() => lineChart(books, market, side, until, end), [books, market, side, until, end]);
  const moves = useMemo(() => lineMoves(books, market, side, startsAt), [books, market, side, startsAt]);
  return { prices, lines, moves };
}

/**
 * The game's line history, asked for only for a signed-in user: the books' answer (null until the first) and when it
 * came (epoch seconds), or what went wrong.
 */
function useLineHistory(sport: string, eventId: string, bookmakers: readonly string[] | undefined) {
  const userId = useSignedInUserId();
  const signedIn = userId !== '';
  // The game's books as text: live score updates bring a new array with the same books, which must not refetch.
  const gameBooks = bookmakers?.join(',') ?? '';
  // The history of the books before a change stays on screen until the new books' answer comes.
  const query = useQuery({
    ...lineHistoryQuery(userId, { sport, eventId, bookmakers: gameBooks.split(',').filter(Boolean) }),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
  const history = query.data ?? null;
  const error = query.isError ? query.error.message || DEFAULT_ERROR : '';
  return { signedIn, history, answeredAt: Math.floor(query.dataUpdatedAt / 1000), error };
}

/** Each book's opening price and its closing (or current) one, and how far the implied probability moved. */
function LineMovesTable({
  moves,
  market,
  started,
}: {
  moves: ReturnType<typeof lineMoves>;
  market: LineMovementMarket;
  started: boolean;
}) {
  const oddsFormat = useAtomValue(oddsFormatAtom);
  return (
    <div className="table-scroll">
      <table className="line-moves" data-testid="line-moves">
        <caption className="small muted">
          {started ? 'Opening to closing (the last price before the start)' : 'Opening to now'}
        </caption>
        <TableHead columns={['Book', 'Opened', started ? 'Closed' : 'Now', 'Move']} />
        <tbody>
          {moves.map(({ book: key, title, move }) => (
            <tr key={key}>
              <th scope="row">{title}</th>
              <td>
                {quoteText(move.opening, market, oddsFormat)} ({probabilityText(move.opening.probability)})
              </td>
              <td>
                {move.closing
                  ? `${quoteText(move.closing, market, oddsFormat)} (${probabilityText(move.closing.probability)})`
                  : TAKEN_DOWN}
              </td>
              <td>{move.probabilityPoints === null ? '—' : probabilityPointsText(move.probabilityPoints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The tab's choices: the market, one book or all, the side of a two-sided market, and (a game started) which prices. */
function LineControls({
  market,
  onMarket,
  book,
  books,
  onBook,
  sides,
  side,
  onSide,
  period,
  onPeriod,
}: {
  market: LineMovementMarket;
  onMarket: (market: LineMovementMarket) => void;
  book: string;
  books: ReadonlyArray<{ key: string; title: string }>;
  onBook: (book: string) => void;
  sides: readonly string[];
  side: string;
  onSide: (side: string) => void;
  /** null before the start: the prices are all before it. */
  period: ChartPeriod | null;
  onPeriod: (period: ChartPeriod) => void;
}) {
  return (
    <div className="line-controls">
      <label>
        Market
        <select value={market} onChange={(e) => onMarket(e.target.value as LineMovementMarket)}>
          {LINE_MOVEMENT_MARKETS.map((m) => (
            <option key={m} value={m}>
              {LINE_MARKET_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Book
        <select value={book} onChange={(e) => onBook(e.target.value)} aria-label="Book">
          <option value="all">All books</option>
          {books.map((b) => (
            <option key={b.key} value={b.key}>
              {b.title}
            </option>
          ))}
        </select>
      </label>
      {sides.length > 1 && <ValueSelect label="Side" value={side} values={sides} onChange={onSide} />}
      {period !== null && (
        <label>
          Prices
          <select value={period} onChange={(e) => onPeriod(e.target.value as ChartPeriod)}>
            {Object.entries(PERIODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
