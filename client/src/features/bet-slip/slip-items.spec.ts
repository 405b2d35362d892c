import {
  arbitrageStakes,
  DFS_FIXED_DECIMAL,
  recommendedStakeCents,
  type ArbitrageOpportunity,
  type EvBet,
} from '@oddspulse/shared';
import { alertArbitrage } from '@oddspulse/shared/testing';
import type { OddsRow } from '../odds';
import {
  addAllToSlip,
  autoStakeCents,
  EMPTY_SLIP,
  itemPayoutCents,
  picksToPlace,
  setMode,
  slipReturns,
  stakedPick,
  totalStakeCents,
  validateSlip,
} from './bet-slip';
import { evBetToSlipItem, exclusiveGroupOf, opportunityToSlipItems, rowToSlipItem } from './slip-items';

const leg = (book: string, outcome: string, price: number, stake: number) => ({
  book,
  bookTitle: book,
  market: 'h2h',
  outcome,
  price,
  decimal: price > 0 ? 1 + price / 100 : 1 + 100 / -price,
  impliedProb: 0.5,
  commission: 0,
  stake,
  payout: stake * 2,
  lastUpdate: '2030-01-01T12:00:00Z',
  ageSeconds: 4,
});

/** The alerts tests' two-way arbitrage (shared/testing), starting after the slip's clock: `over` gives its figures and legs. */
const arbitrage = (over: Partial<ArbitrageOpportunity>): ArbitrageOpportunity =>
  alertArbitrage({ id: 'arb:e1:h2h', commenceTime: '2030-01-01T13:00:00Z', ...over });

describe('Execute (DECISIONS 12)', () => {
  it('adds every leg of an arbitrage to the slip with its computed stake', () => {
    const arb = arbitrage({
      profitPct: 1.2,
      stakedProfitPct: 1.19,
      profitAmount: 1.19,
      totalStake: 100,
      totalImpliedProb: 0.988,
      legs: [leg('draftkings', 'Home', 105, 49.4), leg('fanduel', 'Away', 104, 50.6)],
    });
    const slip = addAllToSlip(EMPTY_SLIP, opportunityToSlipItems(arb), 100_000);
    expect(slip.open).toBe(true);
    expect(slip.items.map((i) => [i.bookmaker, i.selection, i.americanOdds, i.stakeCents])).toEqual([
      ['draftkings', 'Home', 105, 4940],
      ['fanduel', 'Away', 104, 5060],
    ]);
    expect(totalStakeCents(slip)).toBe(10_000);
    // DECISIONS 26: the legs are one hedged position locking $1.27, so nothing warns and Place Bets is enabled
    expect(validateSlip(slip, 100_000)).toEqual({ errors: [], warnings: [], canPlace: true });
  });
});

describe("an opportunity leg's stake in dollars", () => {
  // DECISIONS 25: the one rule of money (dollarsToCents), not Math.round(stake * 100), which makes 10.075 $10.07
  it('is read to cents half-up once from the decimal', () => {
    const arb = arbitrage({
      profitPct: 1.2,
      stakedProfitPct: 1.19,
      profitAmount: 0.13,
      totalStake: 11.08,
      totalImpliedProb: 0.988,
      legs: [leg('draftkings', 'Home', 105, 10.075), leg('fanduel', 'Away', 104, 1.005)],
    });
    expect(opportunityToSlipItems(arb).map((i) => i.stakeCents)).toEqual([1008, 101]);
  });
});

describe('Execute on a back/lay arbitrage', () => {
  it('adds the back bet only: the lay is placed at the exchange, not staked from the slip', () => {
    const backLay = arbitrage({
      id: 'arb:e1:h2h::lay:Home:matchbook',
      kind: 'back_lay',
      profitPct: 5.69,
      stakedProfitPct: 5.68,
      profitAmount: 5.68,
      totalStake: 100,
      totalImpliedProb: 0.946,
      legs: [
        leg('draftkings', 'Home', 120, 100),
        { ...leg('matchbook', 'Home', 106, 107.84), market: 'h2h_lay', lay: true, liability: 114.31 },
      ],
    });
    const items = opportunityToSlipItems(backLay);
    expect(items.map((i) => [i.id, i.bookmaker, i.selection, i.stakeCents])).toEqual([
      ['arb:e1:h2h::lay:Home:matchbook|leg0', 'draftkings', 'Home', 10_000],
    ]);
  });
});

// DECISIONS 23: a soccer h2h is a three-way market whose legs the slip sizes together
describe('exclusiveGroupOf', () => {
  it('groups the legs of a soccer 1X2 by event, and nothing else', () => {
    expect(exclusiveGroupOf('soccer_epl', 'e1', 'h2h')).toBe('e1|h2h');
    expect(exclusiveGroupOf('soccer_usa_mls', 'e2', 'h2h_3_way')).toBe('e2|h2h_3_way');
    expect(exclusiveGroupOf('soccer_epl', 'e1', 'h2h_lay')).toBeUndefined();
    expect(exclusiveGroupOf('soccer_epl', 'e1', 'draw_no_bet')).toBeUndefined();
    expect(exclusiveGroupOf('basketball_nba', 'e1', 'h2h')).toBeUndefined();
    expect(exclusiveGroupOf('soccer_epl', 'e1', 'spreads')).toBeUndefined();
  });
});

// DECISIONS 25: money as the books pay it. The whole American number a price shows as is not the price: Novig's 1.87
// reads −115, which is 1.8696; ProphetX's 1.95 reads −105, which is 1.9524.
describe("a slip item is paid at its book's own price", () => {
  const row = (book: string, decimal: number, isDfs = false): OddsRow => ({
    key: `e1|h2h|Home|${book}`,
    eventId: 'e1',
    sportKey: 'basketball_nba',
    sportTitle: 'NBA',
    homeTeam: 'Home',
    awayTeam: 'Away',
    commenceTime: '2030-01-01T13:00:00Z',
    market: 'h2h',
    outcome: 'Home',
    isCombinedProp: false,
    allBooks: [],
    selectedBooks: [],
    nonSelectedBooks: [],
    best: { book, title: book, decimal, lastUpdate: '', locked: false, isDfs, commission: 0, evPct: 1, hold: null },
    evPct: 1,
    fairProbability: 0.55,
    isDfs,
    lastUpdate: '',
  });
  const staked = <T extends object>(item: T, stakeCents: number) => ({ ...item, stakeCents });

  it("pays a table row's single at the book's decimal, shown and recorded at its American odds", () => {
    const novig = rowToSlipItem(row('novig', 1.87))!;
    expect(novig).toMatchObject({ americanOdds: -115, decimal: 1.87 });
    // $100 × 1.87 = $187.00, not $186.96
    expect(itemPayoutCents(staked(novig, 10_000))).toBe(18_700);
    const slip = addAllToSlip({ ...EMPTY_SLIP, autoCalculate: false }, [staked(novig, 10_000)], 100_000);
    expect(picksToPlace(slip)).toEqual([expect.objectContaining({ odds: '-115', potentialCents: 18_700 })]);
    expect(stakedPick(novig, 2_500).potentialCents).toBe(4_675);
    // a DFS app pays its fixed −119, whatever the feed quotes
    expect(rowToSlipItem(row('prizepicks', 1.9, true))).toMatchObject({
      americanOdds: -119,
      decimal: DFS_FIXED_DECIMAL,
    });
  });

  it('sizes Kelly on the decimal', () => {
    const novig = rowToSlipItem({ ...row('novig', 1.87), fairProbability: 0.6 })!;
    // half Kelly (0.6 × 1.87 − 1) / 0.87 / 2 = 7.011 % of $1,000; at −115 it was 7.000 %
    expect(autoStakeCents(novig, 100_000, 'moderate')).toBe(7_011);
    expect(recommendedStakeCents(100_000, 0.6, 1.87, 'moderate')).toBe(7_011);
  });

  it("pays a +EV bet at its decimal, and a parlay at its legs' decimals", () => {
    const bet = { ...evBet(), book: 'prophetx', bookTitle: 'ProphetX', price: -105, decimal: 1.95 } as EvBet;
    const prophetx = evBetToSlipItem(bet);
    expect(itemPayoutCents(staked(prophetx, 10_000))).toBe(19_500);
    const novig = { ...rowToSlipItem(row('novig', 1.87))!, id: 'n', gameId: 'e2' };
    const parlay = {
      ...setMode(addAllToSlip(EMPTY_SLIP, [novig, prophetx], 100_000), 'parlay'),
      parlayStakeCents: 10_000,
    };
    // $100 × 1.87 × 1.95 = $364.65 (at −115 and −105: $365.01)
    expect(slipReturns(parlay).potentialCents).toBe(36_465);
    expect(picksToPlace(parlay)).toEqual([expect.objectContaining({ odds: '+265', potentialCents: 36_465 })]);
  });

  it("shows an executed arbitrage's guaranteed profit as the engine sized it", () => {
    // DraftKings 2.25 against Novig 1.87, $100
    const sized = arbitrageStakes([2.25, 1.87], 10_000);
    const legs = [
      { ...leg('draftkings', 'Home', 125, sized.stakesCents[0] / 100), decimal: 2.25 },
      { ...leg('novig', 'Away', -115, sized.stakesCents[1] / 100), decimal: 1.87 },
    ];
    const arb = { id: 'arb:e1:h2h', game: 'Away @ Home', eventId: 'e1', sport: 'basketball_nba', legs };
    const slip = addAllToSlip(EMPTY_SLIP, opportunityToSlipItems(arb as ArbitrageOpportunity), 100_000);
    expect(slipReturns(slip).hedged).toEqual({
      stakeCents: sized.totalCents,
      returnCents: sized.totalCents + sized.guaranteedProfitCents,
      profitCents: sized.guaranteedProfitCents,
    });
  });
});

function evBet(): Partial<EvBet> {
  return {
    id: 'ev:e1:h2h::Home::prophetx',
    game: 'Away @ Home',
    market: 'h2h',
    outcome: 'Home',
    sport: 'basketball_nba',
    sportTitle: 'NBA',
    eventId: 'e1',
    commenceTime: '2030-01-01T13:00:00Z',
    commission: 0,
    fairProbability: 0.53,
    evPct: 3.35,
  };
}
