/** Standard normal CDF (Zelen & Severo 26.2.17, error < 7.5e-8). */
export function normalCdf(z: number): number {
  if (z < -8) return 0;
  if (z > 8) return 1;
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const p = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return z > 0 ? 1 - p : p;
}

/** The z of a probability under the standard normal: normalCdf inverted by bisection (to 1e-10, within ±8). */
export function normalQuantile(p: number): number {
  let low = -8;
  let high = 8;
  while (high - low > 1e-10) {
    const mid = (low + high) / 2;
    if (normalCdf(mid) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
