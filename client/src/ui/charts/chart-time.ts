/** A time on a chart's time axis to the minute, in the reader's time zone: "Mar 5, 7:30 PM". */
export const chartMinute = (seconds: number) =>
  new Date(seconds * 1000).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** The narrowest span a time axis shows: a day. */
export const MIN_TIME_SPAN_SECONDS = 86_400;

/**
 * A time axis's range for data from `min` to `max` (epoch seconds): the data's own, or a day centred on it when the data
 * spans less. Left to itself, uPlot stretched a single instant over years (a first settled pick drew an axis from Jan
 * 2027 to Jul 2029, the pick at its left edge) and two settlements a tenth of a second apart over milliseconds.
 */
export function timeAxisRange(min: number, max: number): [number, number] {
  if (max - min >= MIN_TIME_SPAN_SECONDS) return [min, max];
  const middle = (min + max) / 2;
  return [middle - MIN_TIME_SPAN_SECONDS / 2, middle + MIN_TIME_SPAN_SECONDS / 2];
}

/**
 * Points in time order grouped by the second they fall in (`at`: epoch seconds), in order: a time chart draws one point
 * per instant. Several picks settled together (a "Validate now") were several points at one x, drawn as a vertical line.
 */
export function byInstant<T>(points: readonly T[], at: (point: T) => number): Array<{ time: number; points: T[] }> {
  const groups: Array<{ time: number; points: T[] }> = [];
  for (const point of points) {
    const time = Math.floor(at(point));
    const last = groups.at(-1);
    if (last?.time === time) last.points.push(point);
    else groups.push({ time, points: [point] });
  }
  return groups;
}

/**
 * A time axis's tick label at the precision of its ticks (`increment` in seconds), in the reader's time zone: "4:17:30 PM"
 * under a minute apart, "4:17 PM" under a day, "Nov 28" from a day. One line each: uPlot's own labels put the date under
 * the first tick, where it ran into the next tick's label.
 */
export function timeTickLabel(seconds: number, increment: number): string {
  const date = new Date(seconds * 1000);
  if (increment >= MIN_TIME_SPAN_SECONDS) return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
  return date.toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    ...(increment < 60 ? { second: '2-digit' } : {}),
  });
}
