import type { BoardMarket, BoardOutcome, EventHeader } from '../../domain/odds';
import type { ArbitrageOpportunity, OpportunityLeg } from '../../domain/opportunities';
import { profitPctOfStakes, type ArbitrageSettings } from './arbitrage';
import { backLay, backLayGuaranteedCents, effectiveDecimal } from '../odds/commission';
import {
  familyNumber,
  hasLinePoint,
  isLayMarket,
  lockedDescriptions,
  marketFamily,
  moneylineCounts,
} from '../lines/line-rules';
import type { MarketGroup, Quote } from '../lines/market-lines';
import { arbitrageOpportunityOf, opportunityId, toLeg } from './opportunity-legs';

/**
 * Back/lay arbitrage: one outcome backed at a book and laid at an exchange (its `h2h_lay` market). The lay wins
 * when the outcome does not happen; the layer holds the liability, lay stake × (lay decimal − 1), and the exchange
 * takes its commission on the lay's winnings. Sized with the matched bettor's rule (commission.ts backLay), it is
 * an arbitrage when the net result is positive whichever way the outcome goes:
 *
 *   profit (FRACTION of the back stake) = back effective × (1 − lay commission) / (lay decimal − lay commission) − 1
 *
 * The bettor puts up the back stake at the book and the liability at the exchange: that sum is its total stake, held
 * within the scanner's total (spec 001 §5: the smaller of the max stake and the bankroll), and its profit % is on it.
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

/** The liability a back/lay holds at the exchange per dollar backed, before rounding: lay stake × (lay decimal − 1). */
function liabilityPerBack(backEffective: number, layDecimal: number, layCommission: number): number {
  return (backEffective * (layDecimal - 1)) / (layDecimal - layCommission);
}

/**
 * The net profit of a back/lay as a FRACTION of all it stakes, the back stake and the liability, before rounding: the
 * profit per dollar backed over the dollar and its liability. What its profitPct is, as an arbitrage's is of its total.
 */
export function backLayProfitOnStake(backEffective: number, layDecimal: number, layCommission: number): number {
  return (
    backLayProfit(backEffective, layDecimal, layCommission) /
    (1 + liabilityPerBack(backEffective, layDecimal, layCommission))
  );
}

/** What a back/lay stakes and returns, integer cents (commission.ts backLay). */
export interface BackLaySizing {
  backCents: number;
  layStakeCents: number;
  liabilityCents: number;
  /** The back leg's return when the outcome happens, net of its commission. */
  backPayoutCents: number;
  /** The lay leg's return when it does not: the liability back plus the lay stake net of commission. */
  layPayoutCents: number;
  /** The worse of the two net results: what is really guaranteed. */
  guaranteedCents: number;
  /** What the bettor puts up: the back stake at the book and the liability at the exchange. */
  totalCents: number;
}

type Priced = Pick<Quote, 'decimal' | 'commission'>;

/** Sizes a back stake of `backCents` at `back` against a lay at `lay` with backLay(). */
function sizeBackLay(backCents: number, back: Priced, lay: Priced): BackLaySizing {
  const sized = backLay(backCents, back.decimal, lay.decimal, lay.commission, back.commission);
  return {
    backCents,
    layStakeCents: sized.layStakeCents,
    liabilityCents: sized.liabilityCents,
    backPayoutCents: backCents + sized.backWinsCents + sized.liabilityCents,
    layPayoutCents: backCents + sized.layWinsCents + sized.liabilityCents,
    guaranteedCents: backLayGuaranteedCents(sized),
    totalCents: backCents + sized.liabilityCents,
  };
}

/**
 * The back/lay of at most `capCents` of the bettor's money, the rule of both finders and the per-user re-sizing: the
 * largest back stake whose back stake and rounded liability add up to no more than the cap (spec 001 §5), the lay sized
 * against it with backLay(). From the exact split (cap ÷ (1 + liability per dollar backed)), up to the next cent, a cent
 * down while the rounded liability takes the sum past the cap.
 */
export function sizeBackLayWithin(capCents: number, back: Priced, lay: Priced): BackLaySizing {
  const perBack = liabilityPerBack(effectiveDecimal(back.decimal, back.commission), lay.decimal, lay.commission);
  let sized = sizeBackLay(Math.ceil(capCents / (1 + perBack)), back, lay);
  while (sized.backCents > 0 && sized.totalCents > capCents) sized = sizeBackLay(sized.backCents - 1, back, lay);
  return sized;
}

/** The legs [back, lay] with the stakes, returns and liability of `sized`. */
export function sizedBackLayLegs(legs: readonly OpportunityLeg[], sized: BackLaySizing): OpportunityLeg[] {
  const [back, lay] = legs;
  return [
    { ...back, stake: sized.backCents / 100, payout: sized.backPayoutCents / 100 },
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
 * The opportunity of backing `back` at a book and laying `lay` at the exchange for the scan's total stake (back stake
 * and liability, sizeBackLayWithin), or null when it is below the minimum profit or the rounded stakes leave an outcome
 * without a profit.
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
  const profit = backLayProfitOnStake(back.effective, lay.decimal, lay.commission);
  const profitPct = profit * 100;
  if (!(profit > 0) || profitPct < settings.minProfitPct) return null;
  const sized = sizeBackLayWithin(settings.totalCents, back, lay);
  if (settings.totalCents > 0 && sized.guaranteedCents <= 0) return null;
  return arbitrageOpportunityOf(event, group, [back, lay], live, now, settings.suspectProfitPct, {
    id: opportunityId(`arb:${event.id}:${group.family}:${group.description ?? ''}:lay:${lay.outcome}:${lay.book}`, [
      back,
      lay,
    ]),
    kind: 'back_lay',
    profitPct,
    stakedProfitPct: profitPctOfStakes(sized.guaranteedCents, sized.totalCents),
    profitAmount: sized.guaranteedCents / 100,
    totalStake: sized.totalCents / 100,
    totalImpliedProb: 1 / (1 + profit),
    legs: sizedBackLayLegs([toLeg(back, sized.backCents, now), toLeg(lay, 0, now)], sized),
  });
}
