/** Deterministic randomness: every draw is a pure function of the seed and a list of labels. */

/** 32-bit FNV-1a over the parts, then a final avalanche (murmur3's fmix32). */
export function hash32(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (let p = 0; p < parts.length; p++) {
    const text = typeof parts[p] === 'string' ? (parts[p] as string) : String(parts[p]);
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 1;
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform draw in [0, 1). */
export function uniform(...parts: Array<string | number>): number {
  return hash32(...parts) / 4294967296;
}

/** A standard normal draw (Box–Muller over two uniforms). */
export function normal(...parts: Array<string | number>): number {
  const u = Math.max(uniform(...parts, 'u'), 1e-12);
  const v = uniform(...parts, 'v');
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** A Poisson draw by inversion (small means only: scoring events in a slot). */
export function poisson(mean: number, ...parts: Array<string | number>): number {
  const u = uniform(...parts);
  let k = 0;
  let p = Math.exp(-mean);
  let cumulative = p;
  while (u > cumulative && k < 50) {
    k++;
    p *= mean / k;
    cumulative += p;
  }
  return k;
}

/** A 32-hex id like The Odds API's event ids. */
export function hexId(...parts: Array<string | number>): string {
  return [0, 1, 2, 3]
    .map((i) =>
      hash32(...parts, i)
        .toString(16)
        .padStart(8, '0'),
    )
    .join('');
}

/**
 * Smooth value noise in about [-2, 2]: normal draws at knots `period` apart, eased between; the same
 * time always gives the same value, so every worker process sees the same market.
 */
export function valueNoise(time: number, period: number, ...parts: Array<string | number>): number {
  const x = time / period;
  const k = Math.floor(x);
  const f = x - k;
  const ease = f * f * (3 - 2 * f);
  const a = normal(...parts, k);
  const b = normal(...parts, k + 1);
  return a + (b - a) * ease;
}

/** The engine's standard normal CDF, which the simulator's books price with. */
export { normalCdf } from '@oddspulse/shared';

export function poissonPmf(mean: number, max: number): number[] {
  const pmf: number[] = [Math.exp(-mean)];
  for (let k = 1; k <= max; k++) pmf.push((pmf[k - 1] * mean) / k);
  return pmf;
}

/**
 * Step noise: a normal draw that holds for `period` and then jumps (news, a line move), each series on
 * its own phase so that series do not all jump at once.
 */
export function stepNoise(time: number, period: number, ...parts: Array<string | number>): number {
  const phase = uniform(...parts, 'phase');
  return normal(...parts, Math.floor(time / period + phase));
}
