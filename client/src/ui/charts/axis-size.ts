import type uPlot from 'uplot';

/** Room left between the widest label and the canvas's edge, for its glyphs' overhang. */
const EDGE = 4;

/**
 * The width a value axis needs for its labels: the widest label, its ticks, the gap between them and a margin at the
 * edge. A fixed width clipped the widest labels at the canvas's edge ("$15,000.00" read ",000.00").
 */
export function axisWidth(labels: readonly string[], measure: (label: string) => number, ticks: number, gap: number) {
  const widest = labels.reduce((width, label) => Math.max(width, measure(label)), 0);
  return Math.ceil(ticks + gap + widest + EDGE);
}

/**
 * uPlot's `size` of a value axis that fits its labels, measured in the axis's own font (uPlot calls it again as the
 * labels change, and keeps the size it found after its second pass so the layout settles).
 */
export function fitAxisToLabels(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx];
  const kept = (axis as { _size?: number })._size;
  if (cycleNum > 1 && kept !== undefined) return kept;
  const font = (axis.font as [string, number, number] | undefined)?.[0];
  if (font) u.ctx.font = font;
  const ticks = typeof axis.ticks === 'object' ? (axis.ticks.size ?? 10) : 10;
  return axisWidth(values ?? [], (label) => u.ctx.measureText(label).width / devicePixelRatio, ticks, axis.gap ?? 5);
}
