import { decimalToAmericanRounded } from '@oddspulse/shared';
import { priceOf, type OddsRow } from '../rows/rows';

/**
 * What the edge calculator opened from a row starts from: the best price as the table shows it, and the fair odds,
 * exact as the row has them. A DFS app's price is its fixed −119 with no commission (spec 001 §5, DECISIONS 10), as its
 * cell shows it, not the feed's quote; it has no market of its own to de-vig.
 */
export function rowEdgeStart(row: Pick<OddsRow, 'best' | 'fairProbability'>) {
  const best = row.best;
  const decimal = best ? priceOf(best) : undefined;
  return {
    initialBookOdds: decimal === undefined ? undefined : decimalToAmericanRounded(decimal),
    initialFairOdds: row.fairProbability ? decimalToAmericanRounded(1 / row.fairProbability) : undefined,
    initialMarket: best?.isDfs ? undefined : best?.market,
    exact: { decimal, fairProbability: row.fairProbability ?? undefined },
    commission: best?.isDfs ? 0 : best?.commission,
  };
}
