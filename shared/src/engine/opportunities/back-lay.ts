import type { BoardMarket, BoardOutcome, EventHeader } from '../../domain/odds';
import type { ArbitrageOpportunity, OpportunityLeg } from '../../domain/opportunities';
import { profitPctOfStakes, type ArbitrageSettings } from './arbitrage';
import { backLay, backLayGuaranteedCents } from '../odds/commission';
import {
  familyNumber,
  hasLinePoint,
  isLayMarket,
  lockedDescriptions,
  marketFamily,
  moneylineCounts,
} from '../lines/line-rules';
import type { MarketGroup, Quote } from '../lines/market-lines';
import { arbitrageOpportunityOf, toLeg } from './opportunity-legs';

/**
 * Back/lay arbitrage: one outcome backed at a book and laid at an exchange (its `h2h_lay` market). The lay wins
 * when the outcome does not happen; the layer holds the liability, lay stake × (lay decimal − 1), and the exchange
 * takes its commission on the lay's winnings. Sized with the matched bettor's rule (commission.ts backLay), it is
 * an arbitrage when the net result is positive whichever way the outcome goes:
 *
 *   profit (FRACTION of the back stake) = back effective × (1 − lay commission) / (lay decimal − lay commission) − 1
 *
 * Both paths (arbitrage.ts on the object index, prepared-scan.ts on the columns) read lay markets with
 * forEachLayOutcome, take the best back quote with the arbitrage's bestQuote rule, and build the opportunity with
 * backLayOpportunity.
 */

/** The back market a lay market lays (h2h_lay → h2h). */
export function backMarketOf(layKey: string): string {
  return layKey.slice(0, -'_lay'.length);
}

/**
 * Each layable outcome of a lay market, with the number of the back family it lays and its moneyline group's
 * outcome count (as buildEventIndex groups the back market): moneyline-like outcomes only, locked prices left
 * out as they are from the back markets (spec 001 §5).
 */
export function forEachLayOutcome(
  market: BoardMarket,
  visit: (outcome: BoardOutcome, familyId: number, outcomeCount: number) => void,
): void {
  if (!isLayMarket(market.key)) return;
  const outcomes = market.outcomes;
  const locked = lockedDescriptions(outcomes);
  const familyId = familyNumber(marketFamily(backMarketOf(market.key)));
  const counts = moneylineCounts(outcomes);
  for (const outcome of outcomes) {
    if (hasLinePoint(outcome.point) || (locked !== null && locked.has(outcome.description ?? ''))) continue;
    visit(outcome, familyId, typeof counts === 'number' ? counts : counts.get(outcome.description ?? '')!);
  }
}

/** The net profit of a back/lay, as a FRACTION of the back stake, before stake rounding (see above). */
export function backLayProfit(backEffective: number, layDecimal: number, layCommission: number): number {
  return (backEffective * (1 - layCommission)) / (layDecimal - layCommission) - 1;
}

/** What a back/lay of `totalCents` at the book stakes and returns, integer cents (commission.ts backLay). */
export interface BackLaySizing {
  layStakeCents: number;
  liabilityCents: number;
  /** The back leg's return when the outcome happens, net of its commission. */
  backPayoutCents: number;
  /** The lay leg's return when it does not: the liability back plus the lay stake net of commission. */
  layPayoutCents: number;
  /** The worse of the two net results: what is really guaranteed. */
  guaranteedCents: number;
}

type Priced = Pick<Quote, 'decimal' | 'commission'>;

/** Sizes a back stake of `backCents` at `back` against a lay at `lay` with backLay(), the rule of both finders and the per-user re-sizing. */
export function sizeBackLay(backCents: number, back: Priced, lay: Priced): BackLaySizing {
  const sized = backLay(backCents, back.decimal, lay.decimal, lay.commission, back.commission);
  return {
    layStakeCents: sized.layStakeCents,
    liabilityCents: sized.liabilityCents,
    backPayoutCents: backCents + sized.backWinsCents + sized.liabilityCents,
    layPayoutCents: backCents + sized.layWinsCents + sized.liabilityCents,
    guaranteedCents: backLayGuaranteedCents(sized),
  };
}

/** The legs [back, lay] with the stakes, returns and liability of `sized` (a back stake of `backCents`). */
export function sizedBackLayLegs(
  legs: readonly OpportunityLeg[],
  backCents: number,
  sized: BackLaySizing,
): OpportunityLeg[] {
  const [back, lay] = legs;
  return [
    { ...back, stake: backCents / 100, payout: sized.backPayoutCents / 100 },
    {
      ...lay,
      lay: true,
      stake: sized.layStakeCents / 100,
      liability: sized.liabilityCents / 100,
      payout: sized.layPayoutCents / 100,
    },
  ];
}

/**
 * The opportunity of backing `back` at a book for the scan's total stake and laying `lay` at the exchange, or null
 * when it is below the minimum profit or the rounded stakes leave an outcome without a profit.
 */
export function backLayOpportunity(
  event: EventHeader,
  now: number,
  live: boolean,
  group: Pick<MarketGroup, 'family' | 'description'>,
  back: Quote,
  lay: Quote,
  settings: ArbitrageSettings,
): ArbitrageOpportunity | null {
  const profit = backLayProfit(back.effective, lay.decimal, lay.commission);
  const profitPct = profit * 100;
  if (!(profit > 0) || profitPct < settings.minProfitPct) return null;
  const { totalCents } = settings;
  const sized = sizeBackLay(totalCents, back, lay);
  if (totalCents > 0 && sized.guaranteedCents <= 0) return null;
  return arbitrageOpportunityOf(event, group, [back, lay], live, now, settings.suspectProfitPct, {
    id: `arb:${event.id}:${group.family}:${group.description ?? ''}:lay:${lay.outcome}:${lay.book}`,
    kind: 'back_lay',
    profitPct,
    stakedProfitPct: profitPctOfStakes(sized.guaranteedCents, totalCents),
    profitAmount: sized.guaranteedCents / 100,
    totalStake: totalCents / 100,
    totalImpliedProb: 1 / (1 + profit),
    legs: sizedBackLayLegs([toLeg(back, totalCents, now), toLeg(lay, 0, now)], totalCents, sized),
  });
}
