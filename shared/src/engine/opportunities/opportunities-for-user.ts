import {
  OPPORTUNITY_EXPIRY_SECONDS,
  type ArbitrageOpportunity,
  type EvBet,
  type MiddleOpportunity,
  type OpportunityFlag,
  type OpportunityLeg,
} from '../../domain/opportunities';
import { canonicalBookKey } from '../../domain/books/sportsbooks';
import { arbitrageProfit, arbitrageStakes, arbitrageTotalStakeCents, profitPctOfStakes } from './arbitrage';
import { backLayProfitOnStake, sizeBackLayWithin, sizedBackLayLegs } from './back-lay';
import { commissionOf, effectiveDecimal, type CommissionRates } from '../odds/commission';
import { evPercent } from '../odds/fair-probability';
import { isEventLive, isStaleUpdate } from '../lines/locked-market';
import { middleOutcomes, middleTotalStakeCents } from './middles';
import { payoutCents } from '../odds/money';
import { lineOfId, opportunityAgeSeconds, timingFlags } from './opportunity-legs';

/**
 * Detection finds each opportunity once, at the loosest thresholds a user can choose and sized at the defaults
 * (spec 001 §5, §9); every user sees it through their own inputs. These apply a user's minimums and books and
 * re-size the stakes for their max stake and bankroll with the engine's own sizing (stakes in whole cents,
 * profit after rounding), so a stored opportunity reads exactly as the engine would have sized it for them.
 * The server's scanner calls and the browser's live scanner lists both use them.
 */

/** The scanner's max stake input runs 10 to 10,000 dollars (spec 001 §5, filter panel). */
export const SCANNER_MIN_STAKE = 10;
export const SCANNER_MAX_STAKE = 10_000;

export interface ArbitrageInputs {
  /** PERCENT. */
  minProfit: number;
  /** Dollars. */
  maxStake: number;
  /** Dollars. */
  bankroll: number;
  /** The user's book filter; empty for every book. */
  books: readonly string[];
  /** The user's own commission rates (FRACTIONS, by book); a leg of a book absent here keeps the one it carries. */
  commission?: Readonly<Record<string, number>>;
}

export interface MiddleInputs {
  /** Points. */
  minGap: number;
  /** PERCENT. */
  minProbability: number;
  /** Dollars. */
  maxStake: number;
  /** Dollars. */
  bankroll: number;
  books: readonly string[];
  commission?: Readonly<Record<string, number>>;
}

export interface EvInputs {
  /** PERCENT; rows of EV 0 or less are never shown, DFS rows always are (spec 001 §5 filters). */
  minEv: number;
  books: readonly string[];
  commission?: Readonly<Record<string, number>>;
}

/** Every leg at one of `books` (all books when the list is empty). */
export function legsInBooks(legs: readonly Pick<OpportunityLeg, 'book'>[], books: readonly string[]): boolean {
  if (!books.length) return true;
  const allowed = new Set(books.map(canonicalBookKey));
  return legs.every((leg) => allowed.has(canonicalBookKey(leg.book)));
}

/**
 * The legs at the user's own commission rates (a book absent from `rates` keeps the commission the leg carries,
 * the default detection used); the same array when nothing changes.
 */
export function legsAtRates<L extends Pick<OpportunityLeg, 'book' | 'commission'>>(
  legs: readonly L[],
  rates: Readonly<Record<string, number>> | undefined,
): readonly L[] {
  if (!rates) return legs;
  let changed = false;
  const next = legs.map((leg) => {
    const rate = rates[canonicalBookKey(leg.book)];
    if (rate === undefined || rate === leg.commission) return leg;
    changed = true;
    return { ...leg, commission: rate };
  });
  return changed ? next : legs;
}

/** Each leg's effective price (commission.ts): what the leg pays backed, net of its commission (a lay leg's is not used). */
function effectivePrices(legs: readonly Pick<OpportunityLeg, 'decimal' | 'commission'>[]): number[] {
  // a leg stored before legs carried their commission was priced as quoted
  return legs.map((leg) => effectiveDecimal(leg.decimal, leg.commission ?? 0));
}

/**
 * The arbitrage with `totalCents` split by implied probability of the legs' effective prices (arbitrageStakes),
 * or a back/lay whose back stake and liability come to no more than `totalCents` (sizeBackLayWithin), whatever it
 * guarantees.
 */
function sizedArbitrage(
  o: ArbitrageOpportunity,
  totalCents: number,
): { sized: ArbitrageOpportunity; guaranteedCents: number } {
  if (o.kind === 'back_lay') {
    const sized = sizeBackLayWithin(totalCents, o.legs[0], o.legs[1]);
    return {
      sized: {
        ...o,
        totalStake: sized.totalCents / 100,
        stakedProfitPct: profitPctOfStakes(sized.guaranteedCents, sized.totalCents),
        profitAmount: sized.guaranteedCents / 100,
        legs: sizedBackLayLegs(o.legs, sized),
      },
      guaranteedCents: sized.guaranteedCents,
    };
  }
  const split = arbitrageStakes(effectivePrices(o.legs), totalCents);
  return {
    sized: {
      ...o,
      totalStake: split.totalCents / 100,
      stakedProfitPct: profitPctOfStakes(split.guaranteedProfitCents, split.totalCents),
      profitAmount: split.guaranteedProfitCents / 100,
      legs: o.legs.map((leg, i) => ({
        ...leg,
        stake: split.stakesCents[i] / 100,
        payout: split.payoutsCents[i] / 100,
      })),
    },
    guaranteedCents: split.guaranteedProfitCents,
  };
}

/**
 * The arbitrage sized for `totalCents` (sizedArbitrage); null when the rounded stakes guarantee no profit, which the
 * engine never reports either.
 */
export function sizeArbitrage(o: ArbitrageOpportunity, totalCents: number): ArbitrageOpportunity | null {
  const { sized, guaranteedCents } = sizedArbitrage(o, totalCents);
  return totalCents > 0 && guaranteedCents <= 0 ? null : sized;
}

/** The middle with `totalCents` split 50/50 and its best and worst case (middleOutcomes), net of commission. */
export function sizeMiddle(o: MiddleOpportunity, totalCents: number): MiddleOpportunity {
  const effective = effectivePrices(o.legs);
  const outcomes = middleOutcomes([effective[0], effective[1]], totalCents);
  return {
    ...o,
    totalStake: outcomes.totalCents / 100,
    maxProfit: outcomes.bestCaseCents / 100,
    worstCase: outcomes.worstCaseCents / 100,
    legs: o.legs.map((leg, i) => ({
      ...leg,
      stake: outcomes.stakesCents[i] / 100,
      payout: payoutCents(outcomes.stakesCents[i], effective[i]) / 100,
    })),
  };
}

/** `o` with `legs` (its legs at other rates): profit and implied sum worked again on their effective prices, whatever their sign. */
function withLegs(o: ArbitrageOpportunity, legs: readonly OpportunityLeg[]): ArbitrageOpportunity {
  const effective = effectivePrices(legs);
  if (o.kind === 'back_lay') {
    const profit = backLayProfitOnStake(effective[0], legs[1].decimal, legs[1].commission);
    return { ...o, legs: [...legs], profitPct: profit * 100, totalImpliedProb: 1 / (1 + profit) };
  }
  return {
    ...o,
    legs: [...legs],
    profitPct: arbitrageProfit(effective) * 100,
    totalImpliedProb: effective.reduce((sum, d) => sum + 1 / d, 0),
  };
}

/**
 * An arbitrage with its legs at the user's commission rates: its profit worked again, null once it is not positive.
 * One found only below the published rates (`belowDefaultCommission`) is null unless the user's rates re-price it.
 */
function arbitrageAtRates(
  o: ArbitrageOpportunity,
  rates: Readonly<Record<string, number>> | undefined,
): ArbitrageOpportunity | null {
  const legs = legsAtRates(o.legs, rates);
  if (legs === o.legs) return o.belowDefaultCommission ? null : o;
  const priced = withLegs(o, legs);
  return priced.profitPct > 0 ? priced : null;
}

/**
 * Detection's arbitrages of one event at `rates` (the published ones), with those found at the lowest rates a user
 * may set (commission.ts LOWEST_COMMISSIONS) on lines `rates` give none: each with its legs at `rates` and its
 * figures worked and sized there (for the same total stake), marked `belowDefaultCommission`. A line found at both
 * keeps its arbitrage at `rates`, so the published list reads as it would without the lower rates.
 */
export function withArbitrageBelowRates(
  atRates: readonly ArbitrageOpportunity[],
  atLowest: readonly ArbitrageOpportunity[],
  rates: CommissionRates,
): ArbitrageOpportunity[] {
  const found = new Set(atRates.map((o) => lineOfId(o.id)));
  const below: ArbitrageOpportunity[] = [];
  for (const o of atLowest) {
    if (found.has(lineOfId(o.id))) continue;
    const legs = o.legs.map((leg) => ({ ...leg, commission: commissionOf(leg.book, rates) }));
    const priced: ArbitrageOpportunity = { ...withLegs(o, legs), belowDefaultCommission: true };
    below.push(sizedArbitrage(priced, Math.round(o.totalStake * 100)).sized);
  }
  return below.length ? [...atRates, ...below] : [...atRates];
}

/** A +EV row at the user's commission rate (DFS rows have none): its EV worked again. */
function evBetAtRates(o: EvBet, rates: Readonly<Record<string, number>> | undefined): EvBet {
  if (o.isDfs) return o;
  const [priced] = legsAtRates([o], rates);
  return priced === o
    ? o
    : { ...priced, evPct: evPercent(priced.fairProbability, effectiveDecimal(priced.decimal, priced.commission)) };
}

/**
 * An opportunity as it stands at a user's own commission rates, at the stake it was found with: an arbitrage's
 * profit and a middle's outcomes net of them (null for an arbitrage whose net profit is no longer positive), an EV
 * row's EV. The alerts judge each rule's opportunities through it.
 */
export function opportunityAtRates<T extends ArbitrageOpportunity | MiddleOpportunity | EvBet>(
  o: T,
  rates: Readonly<Record<string, number>> | undefined,
): T | null {
  if (!('type' in o)) return evBetAtRates(o, rates) as T;
  if (o.type === 'middle') {
    const legs = legsAtRates(o.legs, rates);
    return (legs === o.legs ? o : sizeMiddle({ ...o, legs: [...legs] }, Math.round(o.totalStake * 100))) as T;
  }
  const arbitrage: ArbitrageOpportunity = o;
  const priced = arbitrageAtRates(arbitrage, rates);
  if (priced === null || priced === arbitrage) return priced as T | null;
  return sizeArbitrage(priced, Math.round(arbitrage.totalStake * 100)) as T | null;
}

/**
 * An arbitrage at the user's inputs: its legs at the user's commission rates (profit worked again on the
 * effective prices; not an arbitrage once it is not positive), hidden below the minimum profit or outside the
 * books; stakes for min(max stake, bankroll).
 */
export function arbitrageForUser(o: ArbitrageOpportunity, inputs: ArbitrageInputs): ArbitrageOpportunity | null {
  if (!legsInBooks(o.legs, inputs.books)) return null;
  const repriced = arbitrageAtRates(o, inputs.commission);
  if (repriced === null || repriced.profitPct < inputs.minProfit) return null;
  return sizeArbitrage(repriced, arbitrageTotalStakeCents(inputs.bankroll, inputs.maxStake));
}

/** A middle at the user's inputs: gap and probability minimums, books, their commission rates; stake min(max stake, 10 % of bankroll), split 50/50. */
export function middleForUser(o: MiddleOpportunity, inputs: MiddleInputs): MiddleOpportunity | null {
  if (
    o.legs.length !== 2 ||
    !(o.gap >= inputs.minGap - 1e-9) ||
    o.probability < inputs.minProbability ||
    !legsInBooks(o.legs, inputs.books)
  )
    return null;
  return sizeMiddle(
    { ...o, legs: [...legsAtRates(o.legs, inputs.commission)] },
    middleTotalStakeCents(inputs.bankroll, inputs.maxStake),
  );
}

/**
 * A +EV row at the user's inputs: its EV again at the user's commission rate, then at or above the minimum EV
 * and above 0 (DFS rows always), at one of the books.
 */
export function evBetForUser(o: EvBet, inputs: EvInputs): EvBet | null {
  const row = evBetAtRates(o, inputs.commission);
  if (!row.isDfs && !(row.evPct > 0 && row.evPct >= inputs.minEv)) return null;
  return legsInBooks([row], inputs.books) ? row : null;
}

/** Whole seconds from an ISO time to `now`, never negative. */
function secondsSince(iso: string, now: number): number {
  return Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
}

/** Seconds an opportunity found at `timeFound` is still shown at `now` (spec 001 §9: 30 min), 0 once expired. */
export function expiresInAt(timeFound: string, now: number): number {
  return Math.max(0, Math.round(OPPORTUNITY_EXPIRY_SECONDS - (now - Date.parse(timeFound)) / 1000));
}

/**
 * An arbitrage or middle found earlier, as it stands at `now`: ages and expiry recounted, `live` and `stale`
 * flagged by the engine's rules for now (a started game, legs further apart than 2 min, 20 s live). Null when the
 * engine would no longer report it: a leg's price has grown too old to bet (the locked-market age, 15 min or
 * 5 min live), or a middle's game has started.
 */
export function opportunityAt<T extends ArbitrageOpportunity | MiddleOpportunity>(o: T, now: number): T | null {
  const live = isEventLive({ commence_time: o.commenceTime }, now);
  if (live && o.type === 'middle') return null;
  if (o.legs.some((leg) => isStaleUpdate(leg.lastUpdate, now, live))) return null;
  const updates = o.legs.map((leg) => ({ updatedAt: Date.parse(leg.lastUpdate) }));
  const flags = timingFlags(updates, live);
  if (o.flags.includes('suspect')) flags.push('suspect');
  const legs = o.legs.map((leg) => ({ ...leg, ageSeconds: secondsSince(leg.lastUpdate, now) }));
  return {
    ...o,
    legs,
    flags,
    ageSeconds: opportunityAgeSeconds(updates, now),
    expiresIn: expiresInAt(o.timeFound, now),
  };
}

/**
 * A +EV row found earlier, as it stands at `now`: its age and expiry recounted and `live` flagged once the game has
 * started; null when its price has grown too old to bet. (`stale` compares it with its line's other prices, which only
 * the board has: it stays as detection found it.)
 */
export function evBetAt(o: EvBet, now: number): EvBet | null {
  const live = isEventLive({ commence_time: o.commenceTime }, now);
  if (isStaleUpdate(o.lastUpdate, now, live)) return null;
  const flags: OpportunityFlag[] = live ? ['live', ...o.flags.filter((f) => f !== 'live')] : o.flags;
  return { ...o, flags, ageSeconds: secondsSince(o.lastUpdate, now), expiresIn: expiresInAt(o.timeFound, now) };
}
