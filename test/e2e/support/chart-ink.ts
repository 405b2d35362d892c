import type { Locator } from '@playwright/test';

/** Where a colour is drawn on a uPlot chart's canvas, in fractions of its plot area (0 left or top, 1 right or bottom). */
export interface ChartInk {
  /** Pixels of the colour found. */
  pixels: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Drawn pixels of any colour in the canvas's two leftmost columns: a value label cut off at its edge. */
  cutAtLeftEdge: number;
}

/**
 * Reads a uPlot chart (a `figure` holding its canvas) as the user sees it: where its series' colour lies in the plot
 * area, and whether anything is drawn against the canvas's left edge. The canvas is uPlot's only output for the plot
 * and its axis labels, so this is what a reader sees, not what the code meant to draw.
 */
export function chartInk(chart: Locator, rgb: [number, number, number]): Promise<ChartInk> {
  return chart.evaluate((figure, colour) => {
    const canvas = figure.querySelector('canvas')!;
    const over = figure.querySelector('.u-over')!.getBoundingClientRect();
    const box = canvas.getBoundingClientRect();
    const scale = canvas.width / box.width;
    const plot = {
      left: (over.left - box.left) * scale,
      top: (over.top - box.top) * scale,
      width: over.width * scale,
      height: over.height * scale,
    };
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let [pixels, minX, maxX, minY, maxY, cutAtLeftEdge] = [0, Infinity, -Infinity, Infinity, -Infinity, 0];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (data[i + 3] < 160) continue;
        if (x < 2) cutAtLeftEdge++;
        const near =
          Math.abs(data[i] - colour[0]) + Math.abs(data[i + 1] - colour[1]) + Math.abs(data[i + 2] - colour[2]);
        if (near > 60) continue;
        pixels++;
        [minX, maxX, minY, maxY] = [Math.min(minX, x), Math.max(maxX, x), Math.min(minY, y), Math.max(maxY, y)];
      }
    }
    return {
      pixels,
      left: (minX - plot.left) / plot.width,
      right: (maxX - plot.left) / plot.width,
      top: (minY - plot.top) / plot.height,
      bottom: (maxY - plot.top) / plot.height,
      cutAtLeftEdge,
    };
  }, rgb);
}

/** The theme's colours of a gain and a loss (`--up`, `--down`), as a chart's series are drawn. */
export const UP: [number, number, number] = [34, 197, 94];
export const DOWN: [number, number, number] = [239, 68, 68];
