import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { LazyTimeChart } from '../components/charts/LazyTimeChart';
import { oddsFormatAtom } from '../odds/odds-state';
import { describeProfitPoint, formatMoney, profitChartData, type ProfitPoint } from './picks-logic';

const moneyAxis = (cents: number) => formatMoney(Math.round(cents));
const settledTime = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/**
 * Cumulative profit over time (uPlot, a time axis): a step at each settlement, the zero line, and under the crosshair
 * the settlement in words with its odds in the user's format.
 */
export function ProfitChart({ series, loading }: { series: readonly ProfitPoint[]; loading: boolean }) {
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const { times, totals } = useMemo(() => profitChartData(series), [series]);
  const last = series.at(-1);
  const lines = useMemo(
    () => [
      {
        label: 'Profit',
        colour: (last?.cumulativeCents ?? 0) >= 0 ? 'var(--up)' : 'var(--down)',
        values: totals,
        stepped: true,
      },
    ],
    [totals, last],
  );
  const describe = useCallback(
    (i: number) => (series[i] ? describeProfitPoint(series[i], oddsFormat) : ''),
    [series, oddsFormat],
  );
  return (
    <LazyTimeChart
      loading={loading}
      empty="No settled picks in this period yet."
      emptyTestId="profit-chart-empty"
      testId="profit-chart"
      summary={
        last
          ? `Cumulative profit: ${formatMoney(last.cumulativeCents, true)} after ${series.length} settled pick(s)`
          : ''
      }
      times={times}
      series={lines}
      formatValue={moneyAxis}
      formatTime={settledTime}
      describe={describe}
    />
  );
}
