import type { BoardMarket } from '../domain/odds';

/** Whether two flat objects hold the same values under the same keys, `skip` aside. */
export function sameFieldsBut(a: object, b: object, ...skip: string[]): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const key in x) {
    if (!skip.includes(key) && x[key] !== y[key]) return false;
    keys++;
  }
  for (const _key in y) keys--;
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
