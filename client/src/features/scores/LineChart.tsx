import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import '../../ui/charts/chart-figure.css';
import { fitAxisToLabels } from '../../ui/charts/axis-size';
import { timeAxisRange, timeTickLabel } from '../../ui/charts/chart-time';
import type { ChartData } from './line-chart-data';

// Twenty and more books: the first ten colours drawn solid, then again dashed, so no two books look alike.
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
const AXIS = {
  stroke: '#c4b5fd',
  grid: { stroke: 'rgba(196, 181, 253, 0.15)', width: 1 },
  ticks: { stroke: 'rgba(196, 181, 253, 0.3)', width: 1 },
};
const MARKER = 'rgba(250, 204, 21, 0.85)';
const IN_PLAY = 'rgba(250, 204, 21, 0.06)';

const clock = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });

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

/** The start of the game: a dashed line, the in-play time after it shaded, and its label in the plot's overlay. */
function drawStart(u: uPlot, startsAt: number, label: HTMLElement): void {
  const [min, max] = [u.scales.x.min ?? 0, u.scales.x.max ?? 0];
  const inside = startsAt >= min && startsAt <= max;
  label.hidden = !inside;
  if (!inside) return;
  const x = u.valToPos(startsAt, 'x', true);
  const { ctx, bbox } = u;
  ctx.save();
  ctx.fillStyle = IN_PLAY;
  ctx.fillRect(x, bbox.top, bbox.left + bbox.width - x, bbox.height);
  ctx.strokeStyle = MARKER;
  ctx.lineWidth = 2 * devicePixelRatio;
  ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
  ctx.beginPath();
  ctx.moveTo(x, bbox.top);
  ctx.lineTo(x, bbox.top + bbox.height);
  ctx.stroke();
  ctx.restore();
  label.style.left = `${u.valToPos(startsAt, 'x')}px`;
}

/** The series nearest the pointer at the cursor's time, among those shown: the one the tooltip names. */
function nearestSeries(u: uPlot, idx: number): number | null {
  const top = u.cursor.top ?? 0;
  let nearest: number | null = null;
  let distance = Infinity;
  for (let i = 1; i < u.series.length; i++) {
    const value = u.data[i][idx];
    if (u.series[i].show === false || value === null || value === undefined) continue;
    const d = Math.abs(u.valToPos(value, 'y') - top);
    if (d < distance) [nearest, distance] = [i, d];
  }
  return nearest;
}

function placeTooltip(u: uPlot, tooltip: HTMLElement, text: string | null): void {
  tooltip.hidden = text === null;
  if (text === null) return;
  tooltip.textContent = text;
  const left = u.cursor.left ?? 0;
  const top = u.cursor.top ?? 0;
  const width = u.over.clientWidth;
  // beside the pointer, on its left when the right would run off the plot
  tooltip.style.left = `${left + 12 + tooltip.offsetWidth > width ? Math.max(0, left - 12 - tooltip.offsetWidth) : left + 12}px`;
  tooltip.style.top = `${Math.max(0, top - tooltip.offsetHeight - 8)}px`;
}

export interface LineChartProps {
  title: string;
  /** The chart in words for screen readers (the canvas has no text). */
  summary: string;
  data: ChartData;
  /** An axis label; `increment` is the distance between ticks. */
  formatAxis: (value: number, increment: number) => string;
  /** A series' value at a time in words (the price in the user's odds format), for the legend and the tooltip. */
  describe: (series: number, index: number) => string;
  /** When the game starts (epoch seconds): marked on the time axis when it falls inside it. */
  startsAt?: number;
  height?: number;
  /** The books' legend, with their values under the pointer; a second chart of the same books goes without. */
  legend?: boolean;
  testId?: string;
}

/** A div drawn over the plot (the game's start, the tooltip), hidden until placed. */
function overlay(className: string, testId: string, text?: string): HTMLDivElement {
  const div = document.createElement('div');
  div.className = className;
  div.dataset.testid = testId;
  if (text !== undefined) div.textContent = text;
  div.hidden = true;
  return div;
}

/**
 * uPlot's options for one chart: stepped lines in the books' colours, the time and price axes, the legend, and the hooks
 * that mark the game's start, place the tooltip and keep the legend's pressed state; the words are read from
 * `describe` as they are needed, so they follow the odds format.
 */
function lineChartOptions({
  width,
  height,
  legend,
  startsAt,
  start,
  tooltip,
  data,
  formatAxis,
  describe,
}: Pick<LineChartProps, 'data' | 'formatAxis' | 'startsAt'> & {
  width: number;
  height: number;
  legend: boolean;
  start: HTMLElement;
  tooltip: HTMLElement;
  describe: { readonly current: LineChartProps['describe'] };
}): uPlot.Options {
  return {
    width,
    height,
    // a single moment is a day's axis around it, not one stretched over years
    scales: { x: { time: true, range: (u) => timeAxisRange(u.data[0][0], u.data[0][u.data[0].length - 1]) } },
    cursor: { drag: { x: false, y: false } },
    legend: { show: legend, live: true },
    hooks: {
      setSeries: [(u, i) => i !== null && syncPressed(u, i)],
      draw: [(u) => startsAt !== undefined && drawStart(u, startsAt, start)],
      setCursor: [
        (u) => {
          const idx = u.cursor.idx;
          const series = idx === null || idx === undefined ? null : nearestSeries(u, idx);
          placeTooltip(
            u,
            tooltip,
            series === null
              ? null
              : `${u.series[series].label as string} · ${describe.current(series - 1, idx!)} · ${clock(u.data[0][idx!])}`,
          );
        },
      ],
    },
    series: [
      { label: 'Time', value: (_u, v) => (v === null ? '—' : clock(v)) },
      ...data.series.map((s, i) => ({
        label: s.label,
        stroke: COLOURS[i % COLOURS.length],
        dash: i >= COLOURS.length ? [6, 4] : undefined,
        width: 2,
        // a price is a level held until the next change, not a point (hundreds of dots hid the lines); a book with one
        // value has no step to draw, and is its dot
        points: { show: s.values.filter((v) => v !== null).length < 2 },
        paths: uPlot.paths.stepped?.({ align: 1 }),
        value: (_u: uPlot, v: number | null, _s: number, idx: number | null) =>
          v === null || idx === null ? '—' : describe.current(i, idx),
      })),
    ],
    axes: [
      {
        ...AXIS,
        // room for "4:17:30 PM" between ticks
        space: 90,
        values: (_u, ticks, _axis, _space, increment) => ticks.map((t) => timeTickLabel(t, increment)),
      },
      {
        ...AXIS,
        size: fitAxisToLabels,
        values: (_u, ticks, _axis, _space, increment) => ticks.map((v) => formatAxis(v, increment)),
      },
    ],
  };
}

/**
 * One line-movement chart, drawn by uPlot, which this module alone imports (with TimeChart) so it loads with the chart:
 * step lines (a price holds until it changes), gridlines, the game's start marked, a tooltip naming the book under the
 * pointer and its price, the values at the pointer in the legend, whose entries hide or show their book on click,
 * Enter or Space.
 */
export default function LineChart({
  title,
  summary,
  data,
  formatAxis,
  describe,
  startsAt,
  height = 240,
  legend = true,
  testId = 'line-chart',
}: LineChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // the words change with the odds format without the chart being drawn again
  const describeRef = useRef(describe);
  describeRef.current = describe;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const start = overlay('line-chart-start', 'game-start-marker', 'Start');
    const tooltip = overlay('line-chart-tooltip', 'line-chart-tooltip');
    const options = lineChartOptions({
      width: el.clientWidth || 560,
      height,
      legend,
      startsAt,
      start,
      tooltip,
      data,
      formatAxis,
      describe: describeRef,
    });
    const plot = new uPlot(options, [data.times, ...data.series.map((s) => s.values)] as uPlot.AlignedData, el);
    plot.over.append(start, tooltip);
    legendKeys(plot);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, formatAxis, startsAt, height, legend]);
  return (
    <figure className="chart-figure line-chart" data-testid={testId} aria-label={summary}>
      <figcaption className="small muted">{title}</figcaption>
      <div ref={host} />
    </figure>
  );
}
