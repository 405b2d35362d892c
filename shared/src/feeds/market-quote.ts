import type { BoardMarket } from '../domain/odds';

/**
 * Whether two flat objects hold the same values under the same keys, `skip` and `alsoSkip` aside. Named, not a list:
 * it runs for every outcome of a compared market, and a list was an array made at each call.
 */
export function sameFieldsBut(a: object, b: object, skip?: string, alsoSkip?: string): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (key === skip || key === alsoSkip) continue;
    if (x[key] !== y[key]) return false;
    keys++;
  }
  for (const key in y) if (key !== skip && key !== alsoSkip) keys--;
  return keys === 0;
}

/**
 * Whether two quotes of a market say the same thing, their update time aside: the same outcomes in the same order, each
 * with the same price, line, link and limits, and the same market fields. A feed that restamps an unmoved market (the
 * simulator before, a feed's sweep) sends such a pair; a real feed keeps the first quote's time until the price moves.
 */
export function sameQuote(a: BoardMarket, b: BoardMarket): boolean {
  if (a.outcomes.length !== b.outcomes.length || !sameFieldsBut(a, b, 'outcomes', 'last_update')) return false;
  for (let i = 0; i < a.outcomes.length; i++) if (!sameFieldsBut(a.outcomes[i], b.outcomes[i])) return false;
  return true;
}
