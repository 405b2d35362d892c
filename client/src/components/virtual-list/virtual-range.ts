/**
 * The items a windowed list renders: those overlapping [scrollTop, scrollTop + height], plus `overscan` on
 * each side. `offsets` holds each item's top and, last, the total height (length = items + 1).
 */
export function visibleRange(
  offsets: readonly number[],
  scrollTop: number,
  height: number,
  overscan: number,
): [number, number] {
  const count = offsets.length - 1;
  if (count <= 0) return [0, 0];
  // first item whose bottom is below scrollTop (binary search)
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] <= scrollTop) lo = mid + 1;
    else hi = mid;
  }
  let last = lo;
  while (last < count && offsets[last] < scrollTop + height) last++;
  return [Math.max(0, lo - overscan), Math.min(count, last + overscan)];
}
