import type { ArbitrageOpportunity } from '@oddspulse/shared';
import { addAllToSlip, EMPTY_SLIP, totalStakeCents, validateSlip } from './bet-slip';
import { exclusiveGroupOf, opportunityToSlipItems } from './slip-items';

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

describe('Execute (DECISIONS 12)', () => {
  it('adds every leg of an arbitrage to the slip with its computed stake', () => {
    const arb = {
      id: 'arb:e1:h2h',
      type: 'arbitrage',
      kind: 'two_way',
      eventId: 'e1',
      sport: 'basketball_nba',
      sportTitle: 'NBA',
      game: 'Away @ Home',
      homeTeam: 'Home',
      awayTeam: 'Away',
      commenceTime: '2030-01-01T13:00:00Z',
      market: 'h2h',
      flags: [],
      ageSeconds: 4,
      timeFound: '2030-01-01T12:00:00Z',
      expiresIn: 1800,
      profitPct: 1.2,
      stakedProfitPct: 1.19,
      profitAmount: 1.19,
      totalStake: 100,
      totalImpliedProb: 0.988,
      legs: [leg('draftkings', 'Home', 105, 49.4), leg('fanduel', 'Away', 104, 50.6)],
    } as ArbitrageOpportunity;
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

describe('Execute on a back/lay arbitrage', () => {
  it('adds the back bet only: the lay is placed at the exchange, not staked from the slip', () => {
    const backLay = {
      id: 'arb:e1:h2h::lay:Home:matchbook',
      type: 'arbitrage',
      kind: 'back_lay',
      eventId: 'e1',
      sport: 'basketball_nba',
      sportTitle: 'NBA',
      game: 'Away @ Home',
      homeTeam: 'Home',
      awayTeam: 'Away',
      commenceTime: '2030-01-01T13:00:00Z',
      market: 'h2h',
      flags: [],
      ageSeconds: 4,
      timeFound: '2030-01-01T12:00:00Z',
      expiresIn: 1800,
      profitPct: 5.69,
      stakedProfitPct: 5.68,
      profitAmount: 5.68,
      totalStake: 100,
      totalImpliedProb: 0.946,
      legs: [
        leg('draftkings', 'Home', 120, 100),
        { ...leg('matchbook', 'Home', 106, 107.84), market: 'h2h_lay', lay: true, liability: 114.31 },
      ],
    } as ArbitrageOpportunity;
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
