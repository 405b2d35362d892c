import { formatMoney, type ProfitPoint } from './picks-logic';

const WIDTH = 900;
const HEIGHT = 200;
const PAD = { left: 56, right: 12, top: 12, bottom: 24 };

/** Cumulative profit over time as an SVG line, with the zero line and the range on the axis. */
export function ProfitChart({ series }: { series: readonly ProfitPoint[] }) {
  if (series.length === 0) {
    return (
      <p className="muted small" data-testid="profit-chart-empty">
        No settled picks in this period yet.
      </p>
    );
  }
  const values = [0, ...series.map((p) => p.cumulativeCents)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  // Position 0 is the start (zero profit); settlement i is at position i + 1.
  const x = (position: number) => PAD.left + (position / series.length) * innerW;
  const y = (cents: number) => PAD.top + ((max - cents) / span) * innerH;
  // The line starts at zero before the first settlement.
  const points = [`${x(0)},${y(0)}`, ...series.map((p, i) => `${x(i + 1)},${y(p.cumulativeCents)}`)].join(' ');
  const last = series[series.length - 1];
  const colour = last.cumulativeCents >= 0 ? 'var(--up)' : 'var(--down)';
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return (
    <figure className="profit-chart" data-testid="profit-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Cumulative profit: ${formatMoney(last.cumulativeCents, true)} after ${series.length} settled pick(s)`}
      >
        <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="var(--border)" strokeDasharray="4 4" />
        <text x={PAD.left - 6} y={y(max) + 4} textAnchor="end" className="axis-label">
          {formatMoney(max)}
        </text>
        {min !== max && (
          <text x={PAD.left - 6} y={y(min) + 4} textAnchor="end" className="axis-label">
            {formatMoney(min)}
          </text>
        )}
        <text x={PAD.left} y={HEIGHT - 6} className="axis-label">
          {day(series[0].at)}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="axis-label">
          {day(last.at)}
        </text>
        <polyline points={points} fill="none" stroke={colour} strokeWidth={2.5} strokeLinejoin="round" />
        {series.map((p, i) => (
          <circle key={p.pickId} cx={x(i + 1)} cy={y(p.cumulativeCents)} r={3} fill={colour}>
            <title>{`${day(p.at)}: ${formatMoney(p.profitCents, true)} (total ${formatMoney(p.cumulativeCents, true)})`}</title>
          </circle>
        ))}
      </svg>
      <figcaption className="muted small">Cumulative profit over time</figcaption>
    </figure>
  );
}
