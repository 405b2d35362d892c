import { lazy, Suspense } from 'react';
import type { TimeChartProps } from './TimeChart';

// uPlot comes with a chart only: a page without one never loads it (as the line-movement chart does).
const TimeChart = lazy(() => import('./TimeChart'));

/**
 * A time chart with its states: a spinner while its data or uPlot loads, the `empty` text when there is nothing to draw.
 */
export function LazyTimeChart({
  loading,
  empty,
  emptyTestId,
  ...chart
}: TimeChartProps & { loading: boolean; empty: string; emptyTestId?: string }) {
  if (loading) return <div className="spinner" role="status" aria-label="Loading the chart data" />;
  if (chart.times.length === 0) {
    return (
      <p className="muted small" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  }
  return (
    <Suspense fallback={<div className="spinner" role="status" aria-label="Loading the chart" />}>
      <TimeChart {...chart} />
    </Suspense>
  );
}
