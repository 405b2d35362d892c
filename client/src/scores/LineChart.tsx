import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../components/charts/chart-figure.css';
import type { ChartData } from './line-chart-data';

const COLOURS = [
  '#a78bfa',
  '#22c55e',
  '#f59e0b',
  '#60a5fa',
  '#f472b6',
  '#2dd4bf',
  '#ef4444',
  '#facc15',
  '#e2e8f0',
  '#fb923c',
];
const HEIGHT = 200;
const AXIS = {
  stroke: '#c4b5fd',
  grid: { stroke: 'rgba(196, 181, 253, 0.15)', width: 1 },
  ticks: { stroke: 'rgba(196, 181, 253, 0.3)', width: 1 },
};
const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });

const legendRows = (u: uPlot) => u.root.querySelectorAll<HTMLElement>('.u-legend .u-series');

function syncPressed(u: uPlot, i: number): void {
  legendRows(u)[i]?.setAttribute('aria-pressed', String(u.series[i].show !== false));
}

/** uPlot's legend toggles on click only: each book's entry becomes a toggle button a keyboard reaches too. */
function legendKeys(u: uPlot): void {
  legendRows(u).forEach((row, i) => {
    if (i === 0) return;
    row.tabIndex = 0;
    row.setAttribute('role', 'button');
    syncPressed(u, i);
    row.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      u.setSeries(i, { show: u.series[i].show === false });
    });
  });
}

/**
 * One line-movement chart, drawn by uPlot, which this module alone imports so it loads with the chart:
 * step lines (a price holds until it changes), gridlines, the values under the pointer in the legend, and a legend
 * whose entries hide or show their series on click, Enter or Space.
 */
export default function LineChart({
  title,
  data,
  format,
}: {
  title: string;
  data: ChartData;
  format: (v: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const options: uPlot.Options = {
      width: el.clientWidth || 560,
      height: HEIGHT,
      scales: { x: { time: true } },
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      hooks: { setSeries: [(u, i) => i !== null && syncPressed(u, i)] },
      series: [
        { label: 'Time', value: (_u, v) => (v === null ? '—' : clock(v)) },
        ...data.series.map((s, i) => ({
          label: s.label,
          stroke: COLOURS[i % COLOURS.length],
          width: 2,
          paths: uPlot.paths.stepped?.({ align: 1 }),
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : format(v)),
        })),
      ],
      axes: [
        { ...AXIS, values: (_u, ticks) => ticks.map(clock) },
        { ...AXIS, size: 56, values: (_u, ticks) => ticks.map(format) },
      ],
    };
    const plot = new uPlot(options, [data.times, ...data.series.map((s) => s.values)] as uPlot.AlignedData, el);
    legendKeys(plot);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, format]);
  return (
    <figure className="chart-figure line-chart" data-testid="line-chart">
      <figcaption className="small muted">{title}</figcaption>
      <div ref={host} />
    </figure>
  );
}
