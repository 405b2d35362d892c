import { pickCommission, pickPayoutCents, pickPotentialCents } from '../../picks/pick';
import { settlementPayoutCents } from '../../picks/settlement';
import { arbitrageCalculator, arbitrageProfit } from '../opportunities/arbitrage';
import { americanToDecimal, formatAmerican } from './odds-format';
import {
  backLay,
  COMMISSION_BOOKS,
  commissionLabel,
  commissionOf,
  commissionRates,
  DEFAULT_COMMISSIONS,
  effectiveDecimal,
  isCommissionRate,
  priceWithNet,
  netPayoutCents,
  parlayNetDecimal,
  parlayNetPayoutCents,
} from './commission';

describe('the effective price of a back bet at an exchange', () => {
  it('is 1 + (decimal − 1) × (1 − commission), and the quoted price at a book', () => {
    expect(effectiveDecimal(2.48, 0.05)).toBeCloseTo(2.406, 12);
    expect(effectiveDecimal(3, 0)).toBe(3);
    expect(effectiveDecimal(1.01, 0.05)).toBeCloseTo(1.0095, 12);
  });

  // help.smarkets.com "How is commission calculated?": £100 on Djokovic at 1.20 with the 2 % commission pays
  // £0.40 commission, a profit of £19.60 and a return of £119.60
  it("pays Smarkets' worked example: £100 at 1.20, 2 % → £119.60", () => {
    expect(netPayoutCents(10_000, 1.2, 0.02)).toBe(11_960);
    expect(effectiveDecimal(1.2, 0.02)).toBeCloseTo(1.196, 12);
  });

  // betfair.com.au/hub/help/commissions-charges: a $50 back bet at $3.00 wins $100; at a 7 % Market Base Rate the
  // commission is $7.00
  it("pays Betfair's worked example: $50 at 3.00, 7 % → $7 commission, $143 back", () => {
    expect(netPayoutCents(5_000, 3, 0.07)).toBe(14_300);
  });

  it('a commission is a fraction in [0, 1)', () => {
    expect(isCommissionRate(0)).toBe(true);
    expect(isCommissionRate(0.05)).toBe(true);
    expect(isCommissionRate(1)).toBe(false);
    expect(isCommissionRate(-0.01)).toBe(false);
    expect(isCommissionRate(Number.NaN)).toBe(false);
    expect(isCommissionRate('0.05')).toBe(false);
  });
});

describe('a parlay with an exchange leg', () => {
  it('pays the stake times the product of the legs’ effective prices, half-up once', () => {
    // a book's 1.90 and Betfair's 2.00 at 5 % (1.95): $10 returns 10 × 1.90 × 1.95 = $37.05, not the gross $38.00
    expect(
      parlayNetPayoutCents(1_000, [
        { decimal: 1.9, commission: 0 },
        { decimal: 2, commission: 0.05 },
      ]),
    ).toBe(3_705);
    expect(
      parlayNetPayoutCents(1_000, [
        { decimal: 1.9, commission: 0 },
        { decimal: 2, commission: 0 },
      ]),
    ).toBe(3_800);
    // $3.33: 333 × 3.705 = 1,233.765 cents, $12.34
    expect(
      parlayNetPayoutCents(333, [
        { decimal: 1.9, commission: 0 },
        { decimal: 2, commission: 0.05 },
      ]),
    ).toBe(1_234);
    expect(() => parlayNetPayoutCents(1_000, [])).toThrow(RangeError);
  });
});

describe('commission rates', () => {
  it('defaults to each exchange’s published rate and nothing at a book', () => {
    expect(commissionOf('betfair_ex_uk')).toBe(0.05);
    expect(commissionOf('betfair_ex_eu')).toBe(0.05);
    expect(commissionOf('matchbook')).toBe(0.02);
    expect(commissionOf('smarkets')).toBe(0.02);
    expect(commissionOf('draftkings')).toBe(0);
    expect(commissionOf('caesars')).toBe(0);
  });

  it('lays a user’s rates over the defaults, by canonical key', () => {
    const rates = commissionRates({ betfair_ex_uk: 0.02, PROPHET_EXCHANGE: 0.01 });
    expect(commissionOf('betfair_ex_uk', rates)).toBe(0.02);
    expect(commissionOf('betfair_ex_eu', rates)).toBe(0.05);
    expect(commissionOf('prophetx', rates)).toBe(0.01);
    expect(commissionRates()).toBe(DEFAULT_COMMISSIONS);
    expect(() => commissionRates({ matchbook: 2 })).toThrow(RangeError);
  });

  it('lists the exchanges a user may set a rate for: the defaults, then the catalogue’s exchanges', () => {
    expect(COMMISSION_BOOKS.slice(0, 4)).toEqual(['betfair', 'betfair_ex_uk', 'betfair_ex_eu', 'betfair_ex_au']);
    expect(COMMISSION_BOOKS).toEqual(
      expect.arrayContaining(['matchbook', 'smarkets', 'novig', 'prophetx', 'rebet', 'betopenly']),
    );
    expect(new Set(COMMISSION_BOOKS).size).toBe(COMMISSION_BOOKS.length);
  });

  // The shown net price is the price the worked examples above pay: the quoted one, then the net one, in the
  // user's format (formatAmerican and a two-place decimal, as the odds table shows them).
  describe('priceWithNet', () => {
    const decimal2 = (d: number) => d.toFixed(2);
    it("shows Betfair's worked example, 3.00 at 7 % ($143 back on $50): +200 (+186 net), 3.00 (2.86 net)", () => {
      expect(priceWithNet(3, 0.07, formatAmerican)).toBe('+200 (+186 net)');
      expect(priceWithNet(3, 0.07, decimal2)).toBe('3.00 (2.86 net)');
    });

    it("shows Smarkets' worked example, 1.20 at 2 % (£119.60 back on £100): -500 (-510 net)", () => {
      // 1.196 is -510.2 in American odds, rounded to the whole number as every American price is
      expect(priceWithNet(1.2, 0.02, formatAmerican)).toBe('-500 (-510 net)');
    });

    it('shows -135 at 2 % as -135 (-138 net), and at the published 5 % of Betfair as -135 (-142 net)', () => {
      const d = americanToDecimal(-135);
      expect(priceWithNet(d, 0.02, formatAmerican)).toBe('-135 (-138 net)');
      expect(priceWithNet(d, DEFAULT_COMMISSIONS.betfair_ex_uk, formatAmerican)).toBe('-135 (-142 net)');
    });

    it('shows a book, or an exchange at no commission, at its price alone', () => {
      expect(priceWithNet(americanToDecimal(-135), 0, formatAmerican)).toBe('-135');
      expect(priceWithNet(2.5, commissionOf('draftkings'), decimal2)).toBe('2.50');
    });
  });

  it('labels a leg at an exchange, and nothing at a book', () => {
    expect(commissionLabel(0.02)).toBe('net of 2 % commission');
    expect(commissionLabel(0.035)).toBe('net of 3.5 % commission');
    expect(commissionLabel(0)).toBeNull();
  });
});

describe('arbitrage net of commission', () => {
  // The recorded EPL board (2025-05-02) lists a 0.72 % three-way backing Betfair at 2.48: at 5 % that leg pays
  // as 2.406. Worked by hand from the rule: any set of prices that is an arbitrage only at the quoted price is
  // not one at the effective price.
  it('sizes on the effective price: a book at 2.10 against Betfair at 2.00 (5 %)', () => {
    const effective = [2.1, effectiveDecimal(2, 0.05)];
    expect(effective[1]).toBeCloseTo(1.95, 12);
    // gross 1/(1/2.1 + 1/2) − 1 = 2.44 %; net 1/(1/2.1 + 1/1.95) − 1 = 1.11 %
    expect(arbitrageProfit([2.1, 2]) * 100).toBeCloseTo(2.439, 3);
    expect(arbitrageProfit(effective) * 100).toBeCloseTo(1.111, 3);
    const sized = arbitrageCalculator(effective, { mode: 'total', totalCents: 10_000 });
    // $100 × (1/2.1) / Σ = $48.15 at the book, $51.85 at Betfair; each pays $101.11 net
    expect(sized.stakesCents).toEqual([4815, 5185]);
    expect(sized.payoutsCents).toEqual([10_112, 10_111]);
    expect(sized.guaranteedProfitCents).toBe(111);
  });

  it('a 1 % gross arbitrage through a 5 % exchange at evens is a loss', () => {
    const gross = [2.04, 2];
    expect(arbitrageProfit(gross)).toBeGreaterThan(0);
    expect(arbitrageProfit([2.04, effectiveDecimal(2, 0.05)])).toBeLessThan(0);
  });
});

describe('back at a book, lay at an exchange (matched betting)', () => {
  // calculatorlib.com/matched-betting-calculator: back £100 at 2.5, lay at 2.6 with 5 % commission →
  // lay stake £98.04, liability £156.86, −£6.86 either way
  it('calculatorlib’s worked example', () => {
    expect(backLay(10_000, 2.5, 2.6, 0.05)).toEqual({
      layStakeCents: 9804,
      liabilityCents: 15_686,
      backWinsCents: -686,
      layWinsCents: -686,
    });
  });

  // mintio.co.uk/example.htm (Porto v Rangers, 2019-10-24): £100 on the draw at 4.0 (Bet365), laid at 4.3 on
  // Betfair at 5 % → lay £94.12, liability £310.60, −£10.60 on a draw and −£10.59 otherwise
  it('mintio’s Porto v Rangers draw', () => {
    expect(backLay(10_000, 4, 4.3, 0.05)).toEqual({
      layStakeCents: 9412,
      liabilityCents: 31_060,
      backWinsCents: -1060,
      layWinsCents: -1059,
    });
  });

  // bookieoffers.co.uk refund-offers guide: £10 at 7.0, lay at 7.2 with 5 % → lay £9.79, a 70p loss either way
  it('bookieoffers’ £10 at 7.0 laid at 7.2', () => {
    expect(backLay(1_000, 7, 7.2, 0.05)).toEqual({
      layStakeCents: 979,
      liabilityCents: 6070,
      backWinsCents: -70,
      layWinsCents: -70,
    });
  });

  it('is a guaranteed profit when the book’s price beats the lay by more than the commission', () => {
    const result = backLay(10_000, 2.2, 2.06, 0.02);
    expect(result.backWinsCents).toBeGreaterThan(0);
    expect(result.layWinsCents).toBeGreaterThan(0);
    expect(Math.abs(result.backWinsCents - result.layWinsCents)).toBeLessThanOrEqual(2);
  });

  it('rejects prices at or below 1 and rates outside [0, 1)', () => {
    expect(() => backLay(1000, 1, 2, 0.05)).toThrow(RangeError);
    expect(() => backLay(1000, 2, 2, 1)).toThrow(RangeError);
  });
});

describe('a pick at an exchange', () => {
  it('records its potential payout net of the exchange’s default commission, and settles a win at it', () => {
    // $100 at +150: $250 back at a book; at Matchbook's 2 % the $150 won is $147, $247 back
    expect(pickPayoutCents(10_000, '+150')).toBe(25_000);
    expect(pickPayoutCents(10_000, '+150', pickCommission('Matchbook'))).toBe(24_700);
    expect(settlementPayoutCents('won', 10_000, pickPayoutCents(10_000, '+150', pickCommission('Betfair')))).toBe(
      24_250,
    );
    expect(pickCommission('DraftKings')).toBe(0);
    expect(pickCommission(null)).toBe(0);
  });

  it('pays a stake at the exact price the pick was saved with, the bet slip’s payout for the same stake', () => {
    // Betfair's 2.10 at the user's 2 %: $50 × 2.078 = $103.90, as the slip pays it; from "+110" at the 5 % default $102.25
    const payoutDecimal = effectiveDecimal(2.1, 0.02);
    const pick = { odds: '+110', bookmaker: 'betfair_ex_uk', payoutDecimal };
    expect(pickPotentialCents(5_000, pick)).toBe(netPayoutCents(5_000, 2.1, 0.02));
    expect(pickPotentialCents(5_000, pick)).toBe(10_390);
    expect(pickPotentialCents(5_000, { ...pick, payoutDecimal: null })).toBe(10_225);
    // a parlay of two −110 legs, 3.644628…: $364.46 on $100, where its "+264" pays $364.00
    const minus110 = { decimal: americanToDecimal(-110), commission: 0 };
    const parlay = { odds: '+264', bookmaker: 'draftkings', payoutDecimal: parlayNetDecimal([minus110, minus110]) };
    expect(pickPotentialCents(10_000, parlay)).toBe(36_446);
    expect(pickPotentialCents(10_000, { ...parlay, payoutDecimal: null })).toBe(36_400);
  });
});
