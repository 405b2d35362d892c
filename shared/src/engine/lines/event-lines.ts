import type { BoardEvent } from '../../domain/odds';
import { DEFAULT_COMMISSIONS, type CommissionRates } from '../odds/commission';
import { DEFAULT_BLEND, DEFAULT_DEVIG_METHOD, type BlendableMethod, type DevigMethod } from '../odds/devig';
import type { FairLine, MarketGroup, MarketLine, Quote } from './market-lines';
import { readEvent } from '../prepared/prepared-event';
import { LineSet } from '../prepared/prepared-lines';

/**
 * An event's lines as objects (market-lines.ts), for a reader that wants every line rather than the opportunities:
 * the scan's own lines (readEvent, then LineSet at `now`: the same grouping, best prices and fair lines) turned
 * into objects.
 */
export interface LineOptions {
  /** The de-vig of the fair lines (DEFAULT_DEVIG_METHOD when absent); `blend`: the methods a blend averages. */
  method?: DevigMethod;
  blend?: readonly BlendableMethod[];
  /** Each exchange's commission, which prices its back bets at their effective price (commission.ts). */
  rates?: CommissionRates;
}

const lineSet = new LineSet();

/** The event's lines at `now` (ms since the epoch), in the scan's order: groups by first open quote, lines by line. */
export function marketLines(event: BoardEvent, now: number, options: LineOptions = {}): MarketLine[] {
  const { method = DEFAULT_DEVIG_METHOD, blend = DEFAULT_BLEND, rates = DEFAULT_COMMISSIONS } = options;
  const set = lineSet;
  set.load(readEvent(event, rates), now);
  const groups = new Map<number, MarketGroup>();
  const lines: MarketLine[] = new Array(set.lineCount);
  for (let l = 0; l < set.lineCount; l++) {
    const g = set.lGroup[l];
    let group = groups.get(g);
    if (group === undefined) {
      const { family, description, kind } = set.group(g);
      group = { family, description, kind, outcomeCount: set.p.gCount[g] };
      if (set.gReference[g] !== undefined) group.referenceSide = set.gReference[g];
      groups.set(g, group);
    }
    const firstSide = set.sidesOf(l);
    const sides = new Map<string, Quote[]>();
    for (let s = firstSide; s < firstSide + set.lSideCount[l]; s++) {
      const quotes: Quote[] = new Array(set.sLength[s]);
      for (let k = 0; k < set.sLength[s]; k++) quotes[k] = set.quote(set.pool[set.sStart[s] + k]);
      sides.set(set.sideName(s), quotes);
    }
    let fair: FairLine | null = null;
    if (set.fair.load(l, method, blend)) {
      const probabilities = new Map<string, number>();
      let i = 0;
      for (const name of sides.keys()) probabilities.set(name, set.fair.probability(i++));
      fair = { probabilities, books: set.fair.books };
    }
    const line = set.lLine[l];
    lines[l] = { group, line: Number.isNaN(line) ? null : line, span: set.lSpan[l], sides, fair };
  }
  return lines;
}
