import {
  BET_SLIP_MESSAGES,
  baseStakeCents,
  DEFAULT_QUICK_BET_AMOUNT,
  DEFAULT_RISK_LEVEL,
  hasNegativeEdge,
  MIN_BET_CENTS,
  decimalToAmericanRounded,
  dollarsToCents,
  effectiveDecimal,
  netPayoutCents,
  parlayDecimal,
  parlayNetDecimal,
  parlayNetPayoutCents,
  recommendedMutuallyExclusiveStakesCents,
  recommendedStakeCents,
  resolveBookLink,
  validateParlay,
  validateSingles,
  type MutuallyExclusiveKelly,
  type RiskLevel,
  type SlipValidation,
  type UserPick,
} from '@oddspulse/shared';

/**
 * The bet slip (spec 001 §3 bet slip item, §4 bet slip, §5 bankroll and bet sizing): single or parlay, an item
 * added with an id already on the slip merges into it, parlay needs 2 or more bets, quick amounts, risk level
 * and auto Kelly sizing and the validation messages all come from the engine. Money in integer cents.
 */
export interface BetSlipItem {
  id: string;
  matchup: string;
  selection: string;
  market: string;
  /** The price as the user reads it, American, a whole number (spec 001 §3): what the pick records. */
  americanOdds: number;
  /**
   * The book's own price, decimal and unrounded: what the bet pays, its Kelly stake and a parlay are worked from
   * (DECISIONS 25: money as the books pay it). The whole American number is off by enough to move the money: $100 at
   * Novig's 1.87 pays $187.00, at its −115 $186.96.
   */
  decimal: number;
  bookmaker: string;
  sport: string;
  league: string;
  /** EV in PERCENT, when known. */
  edge: number | null;
  gameTime: string;
  gameId?: string;
  /** Fair win probability (fraction), when known: what auto sizing sizes on. */
  fairProbability?: number | null;
  /**
   * Legs sharing this key are outcomes of one three-way market (a soccer 1X2: `eventId|h2h`), at most one of which
   * wins: two or more of them are sized together by simultaneous Kelly.
   */
  exclusiveGroup?: string;
  /**
   * Legs sharing this key (the opportunity's id) are one executed arbitrage or middle: a hedged position, validated
   * as one (DECISIONS 26), whose books "Open all legs" opens in turn.
   */
  hedge?: string;
  confidence?: 'High' | 'Medium' | 'Low';
  stakeCents: number;
  /** The book's key and the price's link, for "Open in <book>". */
  bookKey?: string;
  /** An exchange's commission on net winnings (FRACTION; absent or 0 at a book): the bet pays net of it. */
  commission?: number;
  link?: string;
}

export type SlipMode = 'single' | 'parlay';

export interface BetSlipState {
  open: boolean;
  mode: SlipMode;
  items: BetSlipItem[];
  parlayStakeCents: number;
  risk: RiskLevel;
  autoCalculate: boolean;
  /** Dollars (spec 001 §3: quickBetAmount default 25). */
  quickBetAmount: number;
}

export const EMPTY_SLIP: BetSlipState = {
  open: false,
  mode: 'single',
  items: [],
  parlayStakeCents: 0,
  risk: DEFAULT_RISK_LEVEL,
  autoCalculate: true,
  quickBetAmount: DEFAULT_QUICK_BET_AMOUNT,
};

/**
 * The stake auto sizing gives an item: Kelly at the risk level when the fair probability is known, else the base share;
 * none for a bet of its own with a negative edge (spec 001 §5: Kelly stakes nothing on it), which the user may still
 * stake by hand.
 */
export function autoStakeCents(
  item: Pick<BetSlipItem, 'decimal' | 'fairProbability' | 'commission' | 'edge' | 'hedge'>,
  bankrollCents: number,
  risk: RiskLevel,
): number {
  if (notAutoSized(item)) return 0;
  const p = item.fairProbability;
  // Kelly on what the bet pays: an exchange's price net of its commission
  const decimal = itemPayoutDecimal(item);
  if (p !== null && p !== undefined && p > 0 && p < 1) return recommendedStakeCents(bankrollCents, p, decimal, risk);
  return baseStakeCents(bankrollCents, risk);
}

/**
 * A leg of an executed arbitrage or middle: its stake was sized with the other legs' so that every outcome pays
 * alike (or the middle's window is covered), so the slip's bulk resizes (risk level, Kelly, quick amounts) leave it
 * as it is; resizing it alone would unbalance the position. The user may still change it by hand.
 */
function isHedgeLeg(item: Pick<BetSlipItem, 'hedge'>): boolean {
  return item.hedge !== undefined;
}

/** A single whose edge is negative: auto sizing leaves its stake at 0, and the slip says why. */
export function notAutoSized(item: Pick<BetSlipItem, 'edge' | 'hedge'>): boolean {
  return !isHedgeLeg(item) && hasNegativeEdge(item.edge);
}

export type NewSlipItem = Omit<BetSlipItem, 'stakeCents'> & { stakeCents?: number };

/**
 * Adds a bet; an existing id is merged (its odds and details refreshed, a given stake replaces the old one).
 * Adding the first bet opens the slip. Without a stake, auto sizing picks one when it is on, else the quick bet amount.
 */
export function addToSlip(state: BetSlipState, item: NewSlipItem, bankrollCents: number): BetSlipState {
  const existing = state.items.find((i) => i.id === item.id);
  const stakeCents =
    item.stakeCents ??
    existing?.stakeCents ??
    (state.autoCalculate ? autoStakeCents(item, bankrollCents, state.risk) : dollarAmountCents(state.quickBetAmount));
  const merged: BetSlipItem = { ...existing, ...item, stakeCents };
  const items = existing ? state.items.map((i) => (i.id === item.id ? merged : i)) : [...state.items, merged];
  const next = { ...state, items, open: state.items.length === 0 ? true : state.open };
  // a given stake (an executed arbitrage's) is kept; auto sizing sizes a three-way market's legs together
  return state.autoCalculate && item.stakeCents === undefined && merged.exclusiveGroup
    ? autoSizeGroup(next, merged.exclusiveGroup, bankrollCents)
    : next;
}

/** A group of the slip's legs sized together: two or more legs of one three-way market with fair probabilities. */
export interface KellyGroup {
  key: string;
  ids: string[];
  kelly: MutuallyExclusiveKelly;
  stakesCents: number[];
}

/**
 * The slip's three-way markets with two or more legs, each sized by simultaneous Kelly for mutually exclusive
 * outcomes (Smoczynski & Tomkins) at the risk level; a group where no leg is worth a bet is left to single sizing.
 */
export function kellyGroups(state: BetSlipState, bankrollCents: number): KellyGroup[] {
  const byKey = new Map<string, BetSlipItem[]>();
  for (const item of state.items) {
    const p = item.fairProbability;
    if (!item.exclusiveGroup || isHedgeLeg(item) || p === null || p === undefined || !(p > 0 && p < 1)) continue;
    byKey.set(item.exclusiveGroup, [...(byKey.get(item.exclusiveGroup) ?? []), item]);
  }
  const groups: KellyGroup[] = [];
  for (const [key, legs] of byKey) {
    if (legs.length < 2) continue;
    const probabilities = legs.map((l) => l.fairProbability!);
    // the same outcome at two books is one outcome: sized as one would overstate the probabilities
    if (new Set(legs.map((l) => l.selection)).size < legs.length || probabilities.reduce((a, b) => a + b, 0) > 1 + 1e-9)
      continue;
    // Kelly on what each leg pays, an exchange's price net of its commission, as single sizing takes it
    const sized = recommendedMutuallyExclusiveStakesCents(
      bankrollCents,
      probabilities,
      legs.map(itemPayoutDecimal),
      state.risk,
    );
    if (sized) groups.push({ key, ids: legs.map((l) => l.id), kelly: sized.kelly, stakesCents: sized.stakesCents });
  }
  return groups;
}

function autoSizeGroup(state: BetSlipState, key: string, bankrollCents: number): BetSlipState {
  const group = kellyGroups(state, bankrollCents).find((g) => g.key === key);
  if (!group) return state;
  const stakes = new Map(group.ids.map((id, i) => [id, group.stakesCents[i]]));
  return { ...state, items: state.items.map((i) => (stakes.has(i.id) ? { ...i, stakeCents: stakes.get(i.id)! } : i)) };
}

export function addAllToSlip(state: BetSlipState, items: readonly NewSlipItem[], bankrollCents: number): BetSlipState {
  const next = items.reduce((s, item) => addToSlip(s, item, bankrollCents), state);
  return { ...next, open: true };
}

export function removeFromSlip(state: BetSlipState, id: string): BetSlipState {
  const items = state.items.filter((i) => i.id !== id);
  return { ...state, items, mode: items.length < 2 ? 'single' : state.mode };
}

export function clearSlip(state: BetSlipState): BetSlipState {
  return { ...state, items: [], mode: 'single', parlayStakeCents: 0 };
}

/** Parlay is enabled only with 2 or more bets (spec 001 §4). */
export function canParlay(state: BetSlipState): boolean {
  return state.items.length >= 2;
}

export function setMode(state: BetSlipState, mode: SlipMode): BetSlipState {
  if (mode === 'parlay' && !canParlay(state)) return state;
  return { ...state, mode };
}

export function setStake(state: BetSlipState, id: string, stakeCents: number): BetSlipState {
  const cents = Math.max(0, Math.round(stakeCents));
  return { ...state, items: state.items.map((i) => (i.id === id ? { ...i, stakeCents: cents } : i)) };
}

/** A quick amount (dollars): the parlay stake in parlay mode, every single's stake otherwise but a hedge leg's. */
export function applyQuickAmount(state: BetSlipState, dollars: number): BetSlipState {
  const cents = dollarAmountCents(dollars);
  if (state.mode === 'parlay') return { ...state, parlayStakeCents: cents };
  return { ...state, items: state.items.map((i) => (isHedgeLeg(i) ? i : { ...i, stakeCents: cents })) };
}

/** Resizes every single but a hedge leg with auto sizing at the given risk level. */
export function setRisk(state: BetSlipState, risk: RiskLevel, bankrollCents: number): BetSlipState {
  const next = { ...state, risk };
  return next.autoCalculate ? autoSizeAll(next, bankrollCents) : next;
}

/** Every single but a hedge leg at its auto stake; the legs of one three-way market together (kellyGroups). */
export function autoSizeAll(state: BetSlipState, bankrollCents: number): BetSlipState {
  const singles = {
    ...state,
    items: state.items.map((i) =>
      isHedgeLeg(i) ? i : { ...i, stakeCents: autoStakeCents(i, bankrollCents, state.risk) },
    ),
  };
  return kellyGroups(singles, bankrollCents).reduce((s, group) => autoSizeGroup(s, group.key, bankrollCents), singles);
}

export function totalStakeCents(state: BetSlipState): number {
  return state.mode === 'parlay' ? state.parlayStakeCents : state.items.reduce((sum, i) => sum + i.stakeCents, 0);
}

/** Parlay decimal odds (product of the legs, as the books quote them), or null with fewer than 2 legs. */
export function parlayOdds(state: BetSlipState): number | null {
  if (state.items.length < 2) return null;
  return parlayDecimal(state.items.map((i) => i.decimal));
}

/** The parlay's legs as commission.ts prices them: each leg's decimal and its exchange's commission (0 at a book). */
function parlayLegs(items: readonly BetSlipItem[]): { decimal: number; commission: number }[] {
  return items.map((i) => ({ decimal: i.decimal, commission: i.commission ?? 0 }));
}

/**
 * What the parlay pays at (decimal) net of its exchange legs' commission, the price its payout is worked out from;
 * null with fewer than 2 legs.
 */
export function parlayNetOdds(state: BetSlipState): number | null {
  if (state.items.length < 2) return null;
  return parlayNetDecimal(parlayLegs(state.items));
}

/**
 * What the slip returns as the bets stand, in cents. Singles pay their payout if they win; an executed arbitrage or
 * middle (two or more legs sharing a hedge key) has exactly one leg winning outside a middle's window, so it is worth
 * only what its smallest leg pays: its guaranteed return. Summing its legs' payouts ("Potential payout $205.04" on a
 * $100 arbitrage) counted outcomes that cannot all happen (spec 001 §5: an arbitrage shows its guaranteed profit).
 */
export interface SlipReturns {
  /** The executed arbitrages and middles: their stake, their guaranteed return and profit (negative: a middle's worst case). */
  hedged: { stakeCents: number; returnCents: number; profitCents: number } | null;
  /** Every other bet's payout if it wins (a parlay's, in parlay mode). */
  potentialCents: number;
}

export function slipReturns(state: BetSlipState): SlipReturns {
  if (state.mode === 'parlay') return { hedged: null, potentialCents: parlayPayoutCents(state) };
  const groups = new Map<string, BetSlipItem[]>();
  for (const i of state.items) if (i.hedge) groups.set(i.hedge, [...(groups.get(i.hedge) ?? []), i]);
  const hedgedGroups = [...groups.values()].filter((legs) => legs.length >= 2);
  const hedgedIds = new Set(hedgedGroups.flat().map((i) => i.id));
  const potentialCents = state.items
    .filter((i) => !hedgedIds.has(i.id))
    .reduce((sum, i) => sum + itemPayoutCents(i), 0);
  if (hedgedGroups.length === 0) return { hedged: null, potentialCents };
  const stakeCents = hedgedGroups.flat().reduce((sum, i) => sum + i.stakeCents, 0);
  const returnCents = hedgedGroups.reduce((sum, legs) => sum + Math.min(...legs.map(itemPayoutCents)), 0);
  return { hedged: { stakeCents, returnCents, profitCents: returnCents - stakeCents }, potentialCents };
}

/** What the parlay returns if every leg wins, net of its exchange legs' commission, in cents; 0 with fewer than 2 legs. */
export function parlayPayoutCents(state: Pick<BetSlipState, 'items' | 'parlayStakeCents'>): number {
  if (state.items.length < 2) return 0;
  return parlayNetPayoutCents(state.parlayStakeCents, parlayLegs(state.items));
}

/** What a single returns per unit staked if it wins: the book's price net of an exchange's commission (commission.ts). */
export function itemPayoutDecimal(item: Pick<BetSlipItem, 'decimal' | 'commission'>): number {
  return effectiveDecimal(item.decimal, item.commission ?? 0);
}

/** What a single returns if it wins (stake included), net of an exchange's commission (commission.ts), in cents. */
export function itemPayoutCents(item: Pick<BetSlipItem, 'stakeCents' | 'decimal' | 'commission'>): number {
  return netPayoutCents(item.stakeCents, item.decimal, item.commission ?? 0);
}

/** The engine's validation of the slip as it stands (messages verbatim from spec 001 §5). */
export function validateSlip(state: BetSlipState, bankrollCents: number): SlipValidation {
  const legs = state.items.map((i) => ({
    stakeCents: i.stakeCents,
    edgePct: i.edge ?? undefined,
    gameKey: i.gameId ?? i.matchup,
    hedge: i.hedge,
    // a hedged position is judged on what its legs pay, an exchange's net of its commission, as slipReturns shows it
    decimal: itemPayoutDecimal(i),
  }));
  if (state.mode === 'parlay') {
    const validation = validateParlay(legs, state.parlayStakeCents, bankrollCents);
    // Nothing typed yet is not a mistake ("Minimum parlay bet is $1" showed on an empty field); it still cannot be placed.
    if (state.parlayStakeCents > 0) return validation;
    return {
      ...validation,
      errors: validation.errors.filter((e) => e !== BET_SLIP_MESSAGES.minimumParlay),
      canPlace: false,
    };
  }
  return validateSingles(legs, bankrollCents);
}

/**
 * What placing sends to POST /api/picks (a NewPick, checked where it is sent): one pick per single, or one parlay
 * pick; the pick's own fields as the API returns them, with the slip's id and its book, sport and payout always known.
 */
export interface PickDraft extends Pick<
  UserPick,
  'game' | 'league' | 'market' | 'selection' | 'odds' | 'stakeCents' | 'type' | 'edge' | 'eventId' | 'commenceTime'
> {
  clientId: string;
  sport: string;
  bookmaker: string;
  /** The payout as the slip shows it (net of an exchange's commission), so the pick records what it pays. */
  potentialCents?: number;
  /**
   * What the pick returns per unit staked, the price its payout was worked from (net of an exchange's commission, a
   * parlay's legs multiplied): the server pays a stake set or changed later at it, not at the rounded American odds.
   */
  payoutDecimal: number;
}

const americanText = (american: number) => (american > 0 ? `+${american}` : `${american}`);

/**
 * "Add to My Picks" with the stake the user gave (the slip's quick amount offered first): the pick records its stake and
 * what it pays, as a placed single does; saved without one it read "No stake set · To win $0.00".
 */
export function stakedPick(item: NewSlipItem, stakeCents: number): PickDraft {
  const potentialCents = itemPayoutCents({ stakeCents, decimal: item.decimal, commission: item.commission });
  return { ...singlePick(item), stakeCents, potentialCents };
}

/**
 * Whether a stake typed in dollars can be saved: at least the minimum bet (spec 001 §5) once read to whole cents by the
 * one rule of typed money (dollarsToCents, DECISIONS 25).
 */
export function parseStakeCents(text: string): number | null {
  const cents = dollarsToCents(text);
  return cents !== null && cents >= MIN_BET_CENTS ? cents : null;
}

/**
 * A stake typed in the slip's box (a single's or the parlay's) in cents, by the one rule of typed money
 * (dollarsToCents, DECISIONS 25): "10.075" is $10.08 (Math.round(10.075 * 100) made it $10.07). An emptied box
 * (an input of type number also empties on what is not a number) stakes nothing, as does a negative amount.
 */
export function typedStakeCents(text: string): number {
  return dollarAmountCents(text);
}

/**
 * A stake in dollars, typed or held as a number (the quick bet amount, an opportunity leg's stake), in cents by the one
 * rule of money (dollarsToCents, DECISIONS 25): 1.005 is 101 cents, where Math.round(1.005 * 100) made 100. What is not
 * an amount (an emptied box, a number not finite) stakes nothing, as does a negative amount.
 */
export function dollarAmountCents(dollars: string | number): number {
  return Math.max(0, dollarsToCents(dollars) ?? 0);
}

/** A slip item as a single pick, before its stake: what placing a single and "Add to My Picks" both save. */
export function singlePick(item: NewSlipItem): Omit<PickDraft, 'stakeCents'> {
  return {
    clientId: item.id,
    game: item.matchup,
    league: item.league,
    sport: item.sport,
    market: item.market,
    selection: item.selection,
    odds: americanText(item.americanOdds),
    payoutDecimal: itemPayoutDecimal(item),
    bookmaker: item.bookmaker,
    type: 'single',
    edge: item.edge,
    eventId: item.gameId ?? null,
    commenceTime: item.gameTime || null,
  };
}

export function picksToPlace(state: BetSlipState): PickDraft[] {
  if (state.mode === 'single') {
    return state.items
      .filter((i) => i.stakeCents > 0)
      .map((i) => ({ ...singlePick(i), stakeCents: i.stakeCents, potentialCents: itemPayoutCents(i) }));
  }
  const odds = parlayOdds(state);
  const payoutDecimal = parlayNetOdds(state);
  if (odds === null || payoutDecimal === null || state.parlayStakeCents <= 0) return [];
  const first = state.items[0];
  return [
    {
      clientId: state.items.map((i) => i.id).join('+'),
      game: state.items.map((i) => i.matchup).join(' | '),
      league: [...new Set(state.items.map((i) => i.league))].join(', '),
      sport: first.sport,
      market: 'parlay',
      selection: state.items.map((i) => i.selection).join(' + '),
      odds: americanText(decimalToAmericanRounded(odds)),
      payoutDecimal,
      bookmaker: [...new Set(state.items.map((i) => i.bookmaker))].join(', '),
      stakeCents: state.parlayStakeCents,
      potentialCents: parlayPayoutCents(state),
      type: 'parlay',
      edge: null,
      eventId: null,
      commenceTime: state.items.map((i) => i.gameTime).sort()[0] || null,
    },
  ];
}

export interface LegLink {
  id: string;
  bookmaker: string;
  url: string;
}

/**
 * The executed arbitrages and middles in the slip with two or more legs that can be opened at their books:
 * each leg's checked link, or its book's site, in the slip's order.
 */
export function opportunityLegLinks(
  slip: Pick<BetSlipState, 'items'>,
): Array<{ opportunityId: string; legs: LegLink[] }> {
  const groups = new Map<string, LegLink[]>();
  for (const item of slip.items) {
    if (!item.hedge || !item.bookKey) continue;
    const target = resolveBookLink(item.bookKey, { betslip: item.link });
    if (!target) continue;
    groups.set(item.hedge, [
      ...(groups.get(item.hedge) ?? []),
      { id: item.id, bookmaker: item.bookmaker, url: target.url },
    ]);
  }
  return [...groups].filter(([, legs]) => legs.length >= 2).map(([opportunityId, legs]) => ({ opportunityId, legs }));
}
