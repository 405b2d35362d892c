import { useAtomValue } from 'jotai';
import { useCallback, useMemo } from 'react';
import { chartMinute } from '../../ui/charts/chart-time';
import { LazyTimeChart } from '../../ui/charts/LazyTimeChart';
import { oddsFormatAtom } from '../../state/display-settings';
import { formatMoney } from '@oddspulse/shared';
import { describeProfitPoints, profitChartData, type ProfitPoint } from './picks-logic';

const moneyAxis = (cents: number) => formatMoney(Math.round(cents));

/**
 * Cumulative profit over time (uPlot, a time axis): a step at each settlement, the zero line, and under the crosshair
 * the settlement in words with its odds in the user's format.
 */
export function ProfitChart({ series, loading }: { series: readonly ProfitPoint[]; loading: boolean }) {
  const oddsFormat = useAtomValue(oddsFormatAtom);
  const { times, totals, settlements } = useMemo(() => profitChartData(series), [series]);
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
    (i: number) => describeProfitPoints(settlements[i] ?? [], oddsFormat),
    [settlements, oddsFormat],
  );
  return (
    <LazyTimeChart
      loading={loading}
      empty="No settled picks in this period yet."
      emptyTestId="profit-chart-empty"
      testId="profit-chart"
      summary={
        last
          ? `Cumulative profit: ${formatMoney(last.cumulativeCents, { signed: true })} after ${series.length} settled pick(s)`
          : ''
      }
      times={times}
      series={lines}
      formatValue={moneyAxis}
      formatTime={chartMinute}
      describe={describe}
    />
  );
}
