import { americanToDecimal, BET_SLIP_MESSAGES, kellyMutuallyExclusive } from '@oddspulse/shared';
import {
  addAllToSlip,
  addToSlip,
  autoSizeAll,
  autoStakeCents,
  itemPayoutCents,
  kellyGroups,
  notAutoSized,
  applyQuickAmount,
  canParlay,
  EMPTY_SLIP,
  parlayNetOdds,
  parlayOdds,
  picksToPlace,
  removeFromSlip,
  setMode,
  setRisk,
  setStake,
  stakedPick,
  parseStakeCents,
  slipReturns,
  singlePick,
  totalStakeCents,
  typedStakeCents,
  validateSlip,
  type NewSlipItem,
} from './bet-slip';

const BANKROLL = 100_000; // $1,000 in cents
/** A bet at +150, or at the American odds given, whose decimal price is the odds' own unless given. */
const item = (id: string, overrides: Partial<NewSlipItem> = {}): NewSlipItem => ({
  id,
  matchup: `Away ${id} @ Home ${id}`,
  selection: 'Home',
  market: 'h2h',
  americanOdds: 150,
  decimal: americanToDecimal(overrides.americanOdds ?? 150),
  bookmaker: 'draftkings',
  sport: 'basketball_nba',
  league: 'NBA',
  edge: 3,
  gameTime: '2030-01-01T12:00:00Z',
  gameId: `g-${id}`,
  fairProbability: 0.42,
  ...overrides,
});

describe('bet slip (spec 001 §4 bet slip, §5 bankroll and bet sizing)', () => {
  it('adding the first bet opens the slip; an existing id merges into it', () => {
    let slip = addToSlip(EMPTY_SLIP, item('a'), BANKROLL);
    expect(slip.open).toBe(true);
    slip = setStake(slip, 'a', 1234);
    slip = addToSlip(slip, item('a', { americanOdds: 160 }), BANKROLL);
    expect(slip.items).toHaveLength(1);
    expect(slip.items[0]).toMatchObject({ americanOdds: 160, stakeCents: 1234 });
  });

  it('parlay only with 2 or more bets, and back to single when legs are removed', () => {
    let slip = addToSlip(EMPTY_SLIP, item('a'), BANKROLL);
    expect(canParlay(slip)).toBe(false);
    expect(setMode(slip, 'parlay').mode).toBe('single');
    slip = setMode(addToSlip(slip, item('b'), BANKROLL), 'parlay');
    expect(slip.mode).toBe('parlay');
    expect(parlayOdds(slip)).toBeCloseTo(6.25);
    expect(removeFromSlip(slip, 'a').mode).toBe('single');
  });

  it('auto sizes with the engine Kelly at the risk level, floored at the base share and capped at 10 %', () => {
    const noEdge = addToSlip(EMPTY_SLIP, item('a', { fairProbability: 0.3 }), BANKROLL);
    expect(noEdge.items[0].stakeCents).toBe(2500); // moderate: 2.5 % floor
    const conservative = setRisk(noEdge, 'conservative', BANKROLL);
    expect(conservative.items[0].stakeCents).toBe(1000);
    const bigEdge = addToSlip({ ...EMPTY_SLIP, risk: 'aggressive' }, item('b', { fairProbability: 0.6 }), BANKROLL);
    expect(bigEdge.items[0].stakeCents).toBe(10_000);
    const manual = addToSlip({ ...EMPTY_SLIP, autoCalculate: false }, item('c'), BANKROLL);
    expect(manual.items[0].stakeCents).toBe(2500); // the quick bet amount, $25
  });

  // spec 001 §5: Kelly stakes nothing on a negative edge; the slip leaves the stake to the user and says why
  it('does not auto size a single with a negative edge, which the user may still stake', () => {
    let slip = addToSlip(EMPTY_SLIP, item('neg', { edge: -1.44, fairProbability: 0.39 }), BANKROLL);
    expect(slip.items[0].stakeCents).toBe(0);
    expect(notAutoSized(slip.items[0])).toBe(true);
    slip = addToSlip(slip, item('pos'), BANKROLL);
    expect(autoSizeAll(setRisk(slip, 'aggressive', BANKROLL), BANKROLL).items.map((i) => i.stakeCents > 0)).toEqual([
      false,
      true,
    ]);
    slip = setStake(slip, 'neg', 1000);
    expect(validateSlip(slip, BANKROLL)).toMatchObject({
      errors: [],
      warnings: [BET_SLIP_MESSAGES.negativeEdge],
      canPlace: true,
    });
    // an executed arbitrage's leg is part of a hedged position, not a bet of its own
    expect(notAutoSized({ edge: -1.44, hedge: 'arb:1' })).toBe(false);
    expect(notAutoSized({ edge: null })).toBe(false);
  });

  // an arbitrage's legs are sized together so that every outcome pays alike: a bulk resize would unbalance them
  it("leaves an executed arbitrage's legs as sized on a risk change, Kelly sizing and a quick amount", () => {
    const arbitrage = [
      item('arb-home', { hedge: 'arb:1', stakeCents: 5_238, americanOdds: 110, exclusiveGroup: 'g|h2h' }),
      item('arb-away', {
        hedge: 'arb:1',
        stakeCents: 4_762,
        americanOdds: 120,
        exclusiveGroup: 'g|h2h',
        selection: 'Away',
      }),
    ];
    let slip = addAllToSlip(EMPTY_SLIP, [...arbitrage, item('single')], BANKROLL);
    const stakes = () => slip.items.map((i) => i.stakeCents);
    expect(stakes()).toEqual([5_238, 4_762, 2_500]);
    expect(kellyGroups(slip, BANKROLL)).toEqual([]);
    slip = setRisk(slip, 'aggressive', BANKROLL);
    expect(stakes().slice(0, 2)).toEqual([5_238, 4_762]);
    expect(stakes()[2]).not.toBe(2_500);
    slip = autoSizeAll(setRisk(slip, 'conservative', BANKROLL), BANKROLL);
    expect(stakes()).toEqual([5_238, 4_762, 1_000]);
    slip = applyQuickAmount(slip, 50);
    expect(stakes()).toEqual([5_238, 4_762, 5_000]);
    // by hand the user may still change a leg
    expect(setStake(slip, 'arb-home', 6_000).items[0].stakeCents).toBe(6_000);
  });

  it('quick amounts set the parlay stake, or every single', () => {
    let slip = addAllToSlip(EMPTY_SLIP, [item('a'), item('b')], BANKROLL);
    slip = applyQuickAmount(slip, 50);
    expect(slip.items.map((i) => i.stakeCents)).toEqual([5000, 5000]);
    slip = applyQuickAmount(setMode(slip, 'parlay'), 100);
    expect(slip.parlayStakeCents).toBe(10_000);
    expect(totalStakeCents(slip)).toBe(10_000);
  });

  // DECISIONS 25: a dollar amount becomes cents half-up once from the decimal (dollarsToCents); Math.round(1.005 * 100)
  // is 100 and Math.round(10.075 * 100) is 1007, a cent short of what the user chose
  it('reads a quick amount in dollars to cents by the one rule of money', () => {
    const quick = (dollars: number) => ({ ...EMPTY_SLIP, autoCalculate: false, quickBetAmount: dollars });
    expect(addToSlip(quick(1.005), item('a'), BANKROLL).items[0].stakeCents).toBe(101);
    expect(addToSlip(quick(10.075), item('a'), BANKROLL).items[0].stakeCents).toBe(1008);
    const slip = addAllToSlip(EMPTY_SLIP, [item('a'), item('b')], BANKROLL);
    expect(applyQuickAmount(slip, 1.005).items.map((i) => i.stakeCents)).toEqual([101, 101]);
    expect(applyQuickAmount(setMode(slip, 'parlay'), 10.075).parlayStakeCents).toBe(1008);
  });

  it('validates with the spec messages verbatim', () => {
    let slip = addToSlip(EMPTY_SLIP, item('a'), BANKROLL);
    slip = setStake(slip, 'a', 50);
    expect(validateSlip(slip, BANKROLL).errors).toContain('Minimum bet is $1');
    slip = setStake(slip, 'a', 25_000);
    expect(validateSlip(slip, BANKROLL).errors).toContain('Exceeds 20% of bankroll ($200.00)');
    slip = addToSlip(setStake(slip, 'a', 4000), item('b', { edge: 1 }), BANKROLL);
    slip = setStake(slip, 'b', 4000);
    expect(validateSlip(slip, BANKROLL).warnings).toContain(BET_SLIP_MESSAGES.lowEdge);
    // DECISIONS 26: a warning asks for a confirmation ("Place anyway"), it does not block
    expect(validateSlip(slip, BANKROLL).canPlace).toBe(true);

    let parlay = setMode(addAllToSlip(EMPTY_SLIP, [item('x'), item('y', { gameId: 'g-x' })], BANKROLL), 'parlay');
    parlay = applyQuickAmount(parlay, 200);
    const checked = validateSlip(parlay, BANKROLL);
    expect(checked.errors).toContain('Parlay bet exceeds 10% of bankroll ($100.00)');
    expect(checked.warnings).toContain('Warning: Correlated bets detected (same game)');
  });

  // "Minimum parlay bet is $1" showed before anything was typed.
  it('says nothing of the parlay minimum before a stake is typed, and still cannot place', () => {
    const parlay = setMode(addAllToSlip(EMPTY_SLIP, [item('x'), item('y')], BANKROLL), 'parlay');
    expect(validateSlip(parlay, BANKROLL)).toMatchObject({ errors: [], canPlace: false });
    const typed = { ...parlay, parlayStakeCents: 50 };
    expect(validateSlip(typed, BANKROLL).errors).toContain(BET_SLIP_MESSAGES.minimumParlay);
  });

  it('places singles with a stake as one pick each', () => {
    let slip = addAllToSlip(EMPTY_SLIP, [item('a'), item('b')], BANKROLL);
    slip = setStake(slip, 'b', 0);
    const picks = picksToPlace(slip);
    expect(picks).toHaveLength(1);
    expect(picks[0]).toMatchObject({
      selection: 'Home',
      odds: '+150',
      stakeCents: 2500,
      type: 'single',
      eventId: 'g-a',
    });
  });

  it('saves an item as a single pick before any stake: its line, no stake and no payout (Add to My Picks)', () => {
    expect(singlePick(item('a', { americanOdds: -110, gameId: undefined, gameTime: '' }))).toStrictEqual({
      clientId: 'a',
      game: 'Away a @ Home a',
      league: 'NBA',
      sport: 'basketball_nba',
      market: 'h2h',
      selection: 'Home',
      odds: '-110',
      payoutDecimal: americanToDecimal(-110),
      bookmaker: 'draftkings',
      type: 'single',
      edge: 3,
      eventId: null,
      commenceTime: null,
    });
  });
});

// Two or more legs of one three-way market in the slip are sized by simultaneous Kelly (Smoczynski & Tomkins)
describe('bet slip: legs of one three-way market', () => {
  const leg = (id: string, selection: string, americanOdds: number, fairProbability: number) =>
    item(id, {
      selection,
      americanOdds,
      fairProbability,
      sport: 'soccer_epl',
      gameId: 'epl-1',
      exclusiveGroup: 'epl-1|h2h',
    });

  it('sizes the legs together once a second leg of the market is added', () => {
    // home +160 (2.60) p 0.42, draw +260 (3.60) p 0.30: f = 0.101013 and 0.069620 (sizing.spec), total 0.170633
    let slip = addToSlip(EMPTY_SLIP, leg('home', 'Home', 160, 0.42), BANKROLL);
    const alone = slip.items[0].stakeCents;
    slip = addToSlip(slip, leg('draw', 'Draw', 260, 0.3), BANKROLL);
    const groups = kellyGroups(slip, BANKROLL);
    expect(groups).toHaveLength(1);
    expect(groups[0].ids).toEqual(['home', 'draw']);
    expect(groups[0].kelly.fractions[0]).toBeCloseTo(0.101013, 6);
    // moderate: half Kelly of the group, 8.5316 % of $1,000 = 8,531.65 cents, half-up $85.32, shared 0.101013 : 0.069620
    expect(slip.items.map((i) => i.stakeCents)).toEqual(groups[0].stakesCents);
    expect(slip.items[0].stakeCents).not.toBe(alone);
    expect(slip.items[0].stakeCents + slip.items[1].stakeCents).toBe(8532);
  });

  it('leaves legs of different markets, a lone leg, a given stake and the same outcome twice to single sizing', () => {
    let slip = addToSlip(EMPTY_SLIP, leg('home', 'Home', 160, 0.42), BANKROLL);
    slip = addToSlip(slip, item('nba', { americanOdds: 160, fairProbability: 0.42 }), BANKROLL);
    expect(kellyGroups(slip, BANKROLL)).toEqual([]);
    const twice = addToSlip(slip, { ...leg('home2', 'Home', 165, 0.42) }, BANKROLL);
    expect(kellyGroups(twice, BANKROLL)).toEqual([]);
    const given = addToSlip(
      addToSlip(EMPTY_SLIP, leg('home', 'Home', 160, 0.42), BANKROLL),
      { ...leg('draw', 'Draw', 260, 0.3), stakeCents: 500 },
      BANKROLL,
    );
    expect(given.items[1].stakeCents).toBe(500);
  });

  // spec 001 §5: Kelly stakes nothing on a bet that loses on average, and at an exchange that is the price net of its
  // commission, as single sizing takes it
  it("sizes an exchange's legs on their prices net of its commission", () => {
    // Betfair at 5 %: home 2.04 (1.988 net) p 0.50, draw 3.80 (3.66 net) p 0.27: +2.0 % and +2.6 % gross, −0.6 % and
    // −1.18 % net
    const atBetfair = (id: string, selection: string, decimal: number, fairProbability: number) => ({
      ...leg(id, selection, 100, fairProbability),
      decimal,
      commission: 0.05,
      edge: (fairProbability * (1 + (decimal - 1) * 0.95) - 1) * 100,
    });
    let slip = addToSlip(EMPTY_SLIP, atBetfair('home', 'Home', 2.04, 0.5), BANKROLL);
    slip = addToSlip(slip, atBetfair('draw', 'Draw', 3.8, 0.27), BANKROLL);
    expect(kellyGroups(slip, BANKROLL)).toEqual([]);
    expect(slip.items.map((i) => i.stakeCents)).toEqual([0, 0]);
    // at 2 % both are worth a bet: the group's Kelly is that of the net prices 2.0192 and 3.744
    const atTwo = autoSizeAll(
      { ...slip, items: slip.items.map((i) => ({ ...i, commission: 0.02, edge: 1 })) },
      BANKROLL,
    );
    const [group] = kellyGroups(atTwo, BANKROLL);
    expect(group.kelly.fractions.map((f) => f.toFixed(6))).toEqual(
      kellyMutuallyExclusive([0.5, 0.27], [2.0192, 3.744]).fractions.map((f) => f.toFixed(6)),
    );
    expect(atTwo.items.map((i) => i.stakeCents)).toEqual(group.stakesCents);
  });

  it('sizes every group again with Kelly on demand', () => {
    const manual = { ...EMPTY_SLIP, autoCalculate: false };
    let slip = addToSlip(manual, leg('home', 'Home', 160, 0.42), BANKROLL);
    slip = addToSlip(slip, leg('draw', 'Draw', 260, 0.3), BANKROLL);
    expect(slip.items.map((i) => i.stakeCents)).toEqual([2500, 2500]);
    expect(autoSizeAll(slip, BANKROLL).items.map((i) => i.stakeCents)).toEqual(
      kellyGroups(slip, BANKROLL)[0].stakesCents,
    );
  });
});

// An exchange takes a commission on net winnings (commission.ts): the slip's payout and the pick it places are net
describe('bet slip: a bet at an exchange', () => {
  it('pays net of the commission, and the pick records that payout', () => {
    // $100 at +100 (2.00): $200 back at a book; at Betfair's 5 % the $100 won is $95, $195 back
    let slip = addAllToSlip(
      EMPTY_SLIP,
      [
        item('book', { americanOdds: 100 }),
        item('ex', { americanOdds: 100, commission: 0.05, bookKey: 'betfair_ex_uk' }),
      ],
      BANKROLL,
    );
    slip = setStake(setStake(slip, 'book', 10_000), 'ex', 10_000);
    expect(itemPayoutCents(slip.items[0])).toBe(20_000);
    expect(itemPayoutCents(slip.items[1])).toBe(19_500);
    expect(slipReturns(slip).potentialCents).toBe(39_500);
    expect(picksToPlace(slip).map((p) => p.potentialCents)).toEqual([20_000, 19_500]);
    // and the price it pays at, which a stake changed later is paid at
    expect(picksToPlace(slip).map((p) => p.payoutDecimal)).toEqual([2, 1.95]);
  });

  it('pays a parlay with an exchange leg net, and the parlay pick records that payout', () => {
    // $10 on +100 at a book and +100 at Betfair (5 %): 10 × 2.00 × 1.95 = $39.00 back, not the gross $40.00
    let slip = addAllToSlip(
      EMPTY_SLIP,
      [
        item('book', { americanOdds: 100 }),
        item('ex', { americanOdds: 100, commission: 0.05, bookKey: 'betfair_ex_uk' }),
      ],
      BANKROLL,
    );
    slip = { ...setMode(slip, 'parlay'), parlayStakeCents: 1_000 };
    expect(parlayOdds(slip)).toBe(4);
    expect(parlayNetOdds(slip)).toBeCloseTo(3.9, 12);
    expect(slipReturns(slip).potentialCents).toBe(3_900);
    expect(picksToPlace(slip)).toEqual([
      expect.objectContaining({ type: 'parlay', odds: '+300', stakeCents: 1_000, potentialCents: 3_900 }),
    ]);
    expect(picksToPlace(slip)[0].payoutDecimal).toBe(parlayNetOdds(slip));
  });

  it('sizes Kelly on the price net of commission', () => {
    const atBook = autoStakeCents({ decimal: 2.1, fairProbability: 0.55, edge: 15.5 }, BANKROLL, 'moderate');
    const atExchange = autoStakeCents(
      { decimal: 2.1, fairProbability: 0.55, edge: 12.5, commission: 0.05 },
      BANKROLL,
      'moderate',
    );
    // half Kelly: (0.55 × 2.10 − 1) / 1.10 / 2 = 7.05 % at the book; at 2.045 net, (0.55 × 2.045 − 1) / 1.045 / 2 = 5.9689 %, half-up to the cent
    expect(atBook).toBe(7045);
    expect(atExchange).toBe(5969);
  });
});

describe('bet slip: what an executed arbitrage returns', () => {
  const hedged = (id: string, hedge: string, americanOdds: number, stakeCents: number) =>
    item(id, { hedge, americanOdds, stakeCents, gameId: 'g-arb', edge: null });

  it('shows the guaranteed return (the smallest leg payout) and profit, not every leg summed', () => {
    let slip = addAllToSlip(
      EMPTY_SLIP,
      [hedged('home', 'arb:1', 110, 4800), hedged('away', 'arb:1', 105, 5000)],
      BANKROLL,
    );
    // $48 at +110 pays $100.80, $50 at +105 pays $102.50: only one wins, so $100.80 comes back whichever does
    expect(slipReturns(slip)).toEqual({
      hedged: { stakeCents: 9800, returnCents: 10_080, profitCents: 280 },
      potentialCents: 0,
    });
    // a bet of its own beside it keeps its potential payout, apart
    slip = addToSlip(slip, item('c', { stakeCents: 1000 }), BANKROLL);
    expect(slipReturns(slip)).toMatchObject({ hedged: { returnCents: 10_080 }, potentialCents: 2500 });
  });

  it('judges a position with an exchange leg on what that leg pays net of its commission', () => {
    // $800 at a book's 2.20 and $800 at Betfair's 2.02 (5 %, 1.969 net): $1,616 gross, but $1,575.20 back at worst, a
    // $24.80 loss, more than 2 % of the bankroll on a negative edge
    let slip = addAllToSlip(
      EMPTY_SLIP,
      [
        hedged('book', 'arb:2', 120, 80_000),
        { ...hedged('ex', 'arb:2', 102, 80_000), commission: 0.05, bookKey: 'betfair_ex_uk' },
      ],
      BANKROLL,
    );
    expect(slipReturns(slip).hedged).toEqual({ stakeCents: 160_000, returnCents: 157_520, profitCents: -2_480 });
    expect(validateSlip(slip, BANKROLL).warnings).toEqual([BET_SLIP_MESSAGES.lowEdge]);
    slip = setStake(slip, 'ex', 81_500);
    expect(validateSlip(slip, BANKROLL).warnings).toEqual([]);
  });

  it("a middle's worst case is a loss; a leg left alone is a single again", () => {
    const slip = addAllToSlip(
      EMPTY_SLIP,
      [hedged('over', 'mid:1', 100, 5000), hedged('under', 'mid:1', -110, 5500)],
      BANKROLL,
    );
    expect(slipReturns(slip).hedged).toEqual({ stakeCents: 10_500, returnCents: 10_000, profitCents: -500 });
    expect(slipReturns(removeFromSlip(slip, 'under'))).toEqual({ hedged: null, potentialCents: 10_000 });
  });
});

describe('bet slip: "Add to My Picks" with a stake', () => {
  it('saves the stake given and what it pays, not "No stake set · To win $0.00"', () => {
    // $25 at +150 pays $62.50; at an exchange, net of 2 % commission on the $37.50 won
    expect(stakedPick(item('a'), 2500)).toMatchObject({ stakeCents: 2500, potentialCents: 6250, odds: '+150' });
    const atExchange = stakedPick(item('b', { commission: 0.02 }), 2500);
    expect(atExchange.potentialCents).toBe(6175);
    expect(atExchange.payoutDecimal).toBeCloseTo(2.47, 12);
  });

  it('takes a stake typed in dollars from the $1 minimum bet, half-up to the cent', () => {
    expect(parseStakeCents('25')).toBe(2500);
    expect(parseStakeCents('10.005')).toBe(1001);
    expect(parseStakeCents('1')).toBe(100);
    for (const bad of ['', ' ', '0', '0.99', '0.994', '-5', 'abc']) expect(parseStakeCents(bad)).toBeNull();
    // the minimum is the rounded stake's: 0.995 is $1.00
    expect(parseStakeCents('0.995')).toBe(100);
  });

  // The slip's stake boxes read "10.075" as Math.round(10.075 * 100), 1007.4999… cents: $10.07, not $10.08
  // (1.005 made $1.00, 0.285 $0.28).
  it("reads the stake typed in the slip's boxes half-up to the cent from the decimal: 10.075 is $10.08", () => {
    expect(['10.075', '1.005', '0.285', '10.005', '25', '.5', ''].map(typedStakeCents)).toEqual([
      1008, 101, 29, 1001, 2500, 50, 0,
    ]);
    expect(typedStakeCents('-5')).toBe(0);
  });
});
