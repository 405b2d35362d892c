/** One reading of The Odds API balance (its `x-requests-remaining` header) and when it was read. */
export interface CreditSample {
  at: number;
  remaining: number;
}

export interface CreditBurn {
  /** Credits spent per hour over the window; null until two readings at least a minute apart exist. */
  perHour: number | null;
  /** When the balance reaches 0 at that rate (epoch ms); null when nothing is being spent. */
  runsOutAt: number | null;
}

const HOUR_MS = 3_600_000;
/** Readings closer together than this say nothing about a rate. */
const MIN_SPAN_MS = 60_000;

/**
 * The burn rate of The Odds API credits over the last `windowMs` (default an hour) and the moment the balance runs
 * out at that rate. The rate is measured from the last reading at or before the window's start (else the first
 * reading since) to the latest one. A balance that went up (the monthly reset, a plan change) starts a new series:
 * readings before the rise say nothing about spending since.
 */
export function creditBurn(samples: readonly CreditSample[], now: number, windowMs = HOUR_MS): CreditBurn {
  const sorted = [...samples].sort((a, b) => a.at - b.at);
  let start = 0;
  for (let i = 1; i < sorted.length; i++) if (sorted[i].remaining > sorted[i - 1].remaining) start = i;
  const series = sorted.slice(start);
  const latest = series[series.length - 1];
  if (!latest) return { perHour: null, runsOutAt: null };
  const windowStart = now - windowMs;
  const baseline = [...series].reverse().find((s) => s.at <= windowStart) ?? series[0];
  const span = latest.at - baseline.at;
  if (span < MIN_SPAN_MS) return { perHour: null, runsOutAt: null };
  const perHour = ((baseline.remaining - latest.remaining) / span) * HOUR_MS;
  if (perHour <= 0) return { perHour: 0, runsOutAt: null };
  return { perHour, runsOutAt: Math.round(latest.at + (latest.remaining / perHour) * HOUR_MS) };
}
