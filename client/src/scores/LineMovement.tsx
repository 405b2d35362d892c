import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { LINE_MOVEMENT_MARKETS, type LineMovementMarket } from '@oddspulse/shared';
import { Link } from 'react-router-dom';
import { TableHead } from '../components/TableHead';
import { ValueSelect } from '../components/ValueSelect';
import { useSignedInUserId } from '../state/auth';
import { oddsFormatAtom } from '../odds/odds-state';
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
  type ChartPeriod,
} from './line-chart-data';
import { lineHistoryQuery } from './scores-api';

// uPlot comes with the chart only: the modal's other tabs never load it.
const LineChart = lazy(() => import('./LineChart'));

const DEFAULT_ERROR = 'Failed to fetch odds history';

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
  const userId = useSignedInUserId();
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const signedIn = userId !== '';
  const [chosenMarket, setMarket] = useState<LineMovementMarket | null>(null);
  const [book, setBook] = useState('all');
  const [side, setSide] = useState('');
  const [period, setPeriod] = useState<ChartPeriod>(finished ? 'pregame' : 'whole');
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

  const shownBooks = useMemo(() => (history ?? []).filter((b) => book === 'all' || b.key === book), [history, book]);
  const withHistory = useMemo(() => marketsWithHistory(shownBooks), [shownBooks]);
  const market = openingMarket(chosenMarket, withHistory);
  // One side at a time keeps each book's line readable (the other side mirrors it).
  const sides = useMemo(() => marketSides(shownBooks, market), [shownBooks, market]);
  const shownSide = sides.includes(side) ? side : (sides[0] ?? '');
  const until = started && period === 'pregame' ? startsAt : Infinity;
  const prices = useMemo(
    () => priceChart(shownBooks, market, shownSide, until),
    [shownBooks, market, shownSide, until],
  );
  const lines = useMemo(() => lineChart(shownBooks, market, shownSide, until), [shownBooks, market, shownSide, until]);
  const moves = useMemo(
    () => lineMoves(shownBooks, market, shownSide, startsAt),
    [shownBooks, market, shownSide, startsAt],
  );
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
      <div className="line-controls">
        <label>
          Market
          <select value={market} onChange={(e) => setMarket(e.target.value as LineMovementMarket)}>
            {LINE_MOVEMENT_MARKETS.map((m) => (
              <option key={m} value={m}>
                {LINE_MARKET_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Book
          <select value={book} onChange={(e) => setBook(e.target.value)} aria-label="Book">
            <option value="all">All books</option>
            {(history ?? []).map((b) => (
              <option key={b.key} value={b.key}>
                {b.title}
              </option>
            ))}
          </select>
        </label>
        {sides.length > 1 && <ValueSelect label="Side" value={shownSide} values={sides} onChange={setSide} />}
        {started && (
          <label>
            Prices
            <select value={period} onChange={(e) => setPeriod(e.target.value as ChartPeriod)}>
              {Object.entries(PERIODS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {error && (
        <p className="form-error small" role="alert">
          {error}
        </p>
      )}
      {!error && history === null && <div className="spinner" role="status" aria-label="Loading line history" />}
      {!error && history !== null && prices.series.length === 0 && (
        <p className="muted small" data-testid="no-line-history">
          {noHistoryText(market, withHistory, finished)}
        </p>
      )}
      {prices.series.length > 0 && (
        <Suspense fallback={<div className="spinner" role="status" aria-label="Loading the chart" />}>
          <LineChart
            title="Implied probability (the price in your odds format under the pointer)"
            summary={`Implied probability of ${sideName} at ${prices.series.length} book(s) over time`}
            data={prices}
            formatAxis={percentAxisLabel}
            describe={describePrice}
            startsAt={started ? startsAt : undefined}
          />
          {lines.series.length > 0 && (
            <LineChart
              title={market === 'totals' ? 'Total' : 'Spread'}
              summary={`The ${LINE_MARKET_LABELS[market].toLowerCase()} of ${shownSide} at each book over time`}
              data={lines}
              formatAxis={lineAxis}
              describe={describeLine}
              startsAt={started ? startsAt : undefined}
              height={140}
              legend={false}
              testId="line-points-chart"
            />
          )}
        </Suspense>
      )}
      {moves.length > 0 && (
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
                    {quoteText(move.closing, market, oddsFormat)} ({probabilityText(move.closing.probability)})
                  </td>
                  <td>{probabilityPointsText(move.probabilityPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
