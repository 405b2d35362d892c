import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { fitAxisToLabels } from './axis-size';
import { timeAxisRange } from './chart-time';
import './chart-figure.css';
import './time-chart.css';

/** One line of a time chart: its legend label, a CSS colour (custom properties resolve), its value at each time. */
export interface TimeSeries {
  label: string;
  colour: string;
  values: Array<number | null>;
  /** Drawn as steps: the value holds until the next point (a running total). */
  stepped?: boolean;
}

export interface TimeChartProps {
  /** What the chart shows, for screen readers (the canvas has no text). */
  summary: string;
  /** Epoch seconds, ascending. */
  times: number[];
  series: TimeSeries[];
  formatValue: (value: number) => string;
  formatTime: (seconds: number) => string;
  /** The point under the crosshair in words, shown under the chart (its pick, odds, running total). */
  describe?: (index: number) => string;
  testId?: string;
  height?: number;
}

const AXIS = {
  stroke: '#c4b5fd',
  grid: { stroke: 'rgba(196, 181, 253, 0.15)', width: 1 },
  ticks: { stroke: 'rgba(196, 181, 253, 0.3)', width: 1 },
};

/** A colour for the canvas: `var(--up)` read from the page's theme, other colours as they are. */
function canvasColour(colour: string): string {
  const name = /^var\((--[\w-]+)\)$/.exec(colour)?.[1];
  return name ? getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#a78bfa' : colour;
}

/** The zero line, dashed: a profit or a CLV reads against it. */
function drawZero(u: uPlot): void {
  const y = u.valToPos(0, 'y', true);
  if (!(y >= u.bbox.top && y <= u.bbox.top + u.bbox.height)) return;
  const ctx = u.ctx;
  ctx.save();
  ctx.strokeStyle = 'rgba(196, 181, 253, 0.6)';
  ctx.setLineDash([4, 4]);
  ctx.beginPath();
  ctx.moveTo(u.bbox.left, y);
  ctx.lineTo(u.bbox.left + u.bbox.width, y);
  ctx.stroke();
  ctx.restore();
}

/**
 * A chart over time drawn by uPlot, which this module alone imports (with LineChart) so it loads with the chart: a
 * time axis, a crosshair whose values show in the legend, and the point under it described in words below.
 */
export default function TimeChart({
  summary,
  times,
  series,
  formatValue,
  formatTime,
  describe,
  testId,
  height = 220,
}: TimeChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const readout = useRef<HTMLParagraphElement>(null);
  // the words for a point change with the page's state (odds format) without the chart being drawn again
  const describeRef = useRef(describe);
  describeRef.current = describe;
  const describes = describe !== undefined;
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const options: uPlot.Options = {
      width: el.clientWidth || 560,
      height,
      // From the data's own times: for a single instant uPlot hands the range function a thousand days from it (its
      // one-day pad, counted in milliseconds, of an axis in seconds), which drew a first settled pick on Jan 2027 → Jul 2029.
      scales: { x: { time: true, range: (u) => timeAxisRange(u.data[0][0], u.data[0][u.data[0].length - 1]) } },
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      hooks: {
        draw: [drawZero],
        setCursor: [
          (u) => {
            const words = describeRef.current;
            if (!readout.current || !words) return;
            const i = u.cursor.idx;
            readout.current.textContent = i === null || i === undefined ? '' : words(i);
          },
        ],
      },
      series: [
        { label: 'Time', value: (_u, v) => (v === null ? '—' : formatTime(v)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: canvasColour(s.colour),
          width: 2,
          points: { show: times.length <= 60, size: 5 },
          paths: s.stepped ? uPlot.paths.stepped?.({ align: 1 }) : undefined,
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : formatValue(v)),
        })),
      ],
      axes: [AXIS, { ...AXIS, size: fitAxisToLabels, values: (_u, ticks) => ticks.map(formatValue) }],
    };
    const plot = new uPlot(options, [times, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series, formatValue, formatTime, height]);
  return (
    <figure className="chart-figure" data-testid={testId} role="img" aria-label={summary}>
      <div ref={host} />
      {describes && (
        <p ref={readout} className="time-chart-readout small muted" data-testid={testId && `${testId}-readout`} />
      )}
    </figure>
  );
}
