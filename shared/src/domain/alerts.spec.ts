import {
  AlertMessages,
  alertKindRefusal,
  alertRuleTakesBook,
  alertSummary,
  canUseAlertKind,
  evaluateAlertRule,
  inQuietHours,
  parseClock,
  type AlertKind,
  type AlertRuleCriteria,
} from './alerts';
import {
  alertArbitrage,
  alertLeg,
  evBet,
  middleOpportunity,
  staleBook,
  steamAlert,
} from '../testing/alert-opportunities';

const free = { plan: 'free', unlimited: false } as const;
const gold = { plan: 'gold', unlimited: false } as const;
const platinum = { plan: 'platinum', unlimited: false } as const;
const NOW = Date.parse('2026-01-10T18:00:00Z');

const rule = (over: Partial<AlertRuleCriteria> = {}): AlertRuleCriteria => ({
  kind: 'arbitrage',
  min: 1,
  sports: [],
  books: [],
  maxLegAgeSeconds: null,
  quietHours: null,
  target: null,
  ...over,
});

// Rules by kind, sports, books, minimum, maximum leg age, quiet hours and plan.
describe('evaluateAlertRule', () => {
  it('fires an arbitrage rule for a Platinum user when the profit reaches the minimum', () => {
    expect(evaluateAlertRule(rule({ min: 2.5 }), alertArbitrage(), platinum, NOW)).toEqual({ fires: true });
    expect(evaluateAlertRule(rule({ min: 2.6 }), alertArbitrage(), platinum, NOW)).toEqual({
      fires: false,
      reason: 'below_min',
    });
  });

  it('compares middles by probability and +EV by EV percent', () => {
    expect(evaluateAlertRule(rule({ kind: 'middle', min: 15 }), middleOpportunity(), platinum, NOW).fires).toBe(true);
    expect(evaluateAlertRule(rule({ kind: 'middle', min: 20 }), middleOpportunity(), platinum, NOW).fires).toBe(false);
    expect(evaluateAlertRule(rule({ kind: 'ev', min: 5 }), evBet(), gold, NOW).fires).toBe(true);
    expect(evaluateAlertRule(rule({ kind: 'ev', min: 6 }), evBet(), gold, NOW).fires).toBe(false);
  });

  it('never fires a rule for another kind of opportunity', () => {
    expect(evaluateAlertRule(rule({ kind: 'middle' }), alertArbitrage(), platinum, NOW)).toEqual({
      fires: false,
      reason: 'kind',
    });
    expect(evaluateAlertRule(rule({ kind: 'arbitrage' }), evBet(), platinum, NOW)).toEqual({
      fires: false,
      reason: 'kind',
    });
  });

  it('gates arbitrage and middles on Platinum and +EV on Gold (plans)', () => {
    expect(evaluateAlertRule(rule(), alertArbitrage(), gold, NOW)).toEqual({ fires: false, reason: 'plan' });
    expect(evaluateAlertRule(rule({ kind: 'middle' }), middleOpportunity(), gold, NOW)).toEqual({
      fires: false,
      reason: 'plan',
    });
    expect(evaluateAlertRule(rule({ kind: 'ev' }), evBet(), free, NOW)).toEqual({ fires: false, reason: 'plan' });
    expect(evaluateAlertRule(rule(), alertArbitrage(), { plan: 'free', unlimited: true }, NOW).fires).toBe(true);
    expect(canUseAlertKind(gold, 'ev')).toBe(true);
    expect(canUseAlertKind(gold, 'arbitrage')).toBe(false);
    expect(alertKindRefusal(gold, 'steam')).toBe(AlertMessages.platinumRequired);
    expect(alertKindRefusal(free, 'price_target')).toBe(AlertMessages.goldRequired);
    expect(alertKindRefusal(gold, 'ev')).toBeNull();
  });

  it('keeps to the chosen sports and books (every leg at a chosen book)', () => {
    expect(evaluateAlertRule(rule({ sports: ['icehockey_nhl'] }), alertArbitrage(), platinum, NOW)).toEqual({
      fires: false,
      reason: 'sport',
    });
    expect(evaluateAlertRule(rule({ sports: ['basketball_nba'] }), alertArbitrage(), platinum, NOW).fires).toBe(true);
    expect(evaluateAlertRule(rule({ books: ['draftkings'] }), alertArbitrage(), platinum, NOW)).toEqual({
      fires: false,
      reason: 'book',
    });
    expect(evaluateAlertRule(rule({ books: ['draftkings', 'fanduel'] }), alertArbitrage(), platinum, NOW).fires).toBe(
      true,
    );
    expect(evaluateAlertRule(rule({ kind: 'ev', books: ['draftkings'] }), evBet(), gold, NOW).fires).toBe(true);
  });

  it('refuses an opportunity whose oldest leg is older than the maximum leg age', () => {
    expect(
      evaluateAlertRule(rule({ maxLegAgeSeconds: 30 }), alertArbitrage({ ageSeconds: 31 }), platinum, NOW),
    ).toEqual({
      fires: false,
      reason: 'leg_age',
    });
    expect(
      evaluateAlertRule(rule({ maxLegAgeSeconds: 30 }), alertArbitrage({ ageSeconds: 30 }), platinum, NOW).fires,
    ).toBe(true);
  });

  it('stays silent in quiet hours read in the user’s time zone', () => {
    // 18:00 UTC is 13:00 in New York and 03:00 in Tokyo.
    const night = { start: 22 * 60, end: 7 * 60 };
    expect(
      evaluateAlertRule(rule({ quietHours: { ...night, timeZone: 'Asia/Tokyo' } }), alertArbitrage(), platinum, NOW),
    ).toEqual({
      fires: false,
      reason: 'quiet_hours',
    });
    expect(
      evaluateAlertRule(
        rule({ quietHours: { ...night, timeZone: 'America/New_York' } }),
        alertArbitrage(),
        platinum,
        NOW,
      ).fires,
    ).toBe(true);
  });
});

describe('alertRuleTakesBook', () => {
  it('takes the books where a rule of the kind can fire', () => {
    const takes = (kind: AlertKind) =>
      ['draftkings', 'caesars', 'prizepicks', 'prophetx', 'pinnacle', 'betfair_ex_eu'].filter((book) =>
        alertRuleTakesBook(kind, book),
      );
    // spec 001 §5: never a DFS app or ProphetX in an arbitrage or a middle
    expect(takes('arbitrage')).toEqual(['draftkings', 'caesars', 'pinnacle', 'betfair_ex_eu']);
    expect(takes('middle')).toEqual(['draftkings', 'caesars', 'pinnacle', 'betfair_ex_eu']);
    // DFS apps are priced at −119 for EV
    expect(takes('ev')).toEqual(['draftkings', 'caesars', 'prizepicks', 'prophetx', 'pinnacle', 'betfair_ex_eu']);
    // DECISIONS 34: the soft books still at the old price
    expect(takes('steam')).toEqual(['draftkings', 'caesars', 'prophetx']);
    expect(takes('price_target')).toEqual(['draftkings', 'caesars', 'prophetx', 'pinnacle', 'betfair_ex_eu']);
  });
});

describe('inQuietHours', () => {
  it('reads a window within the day and one across midnight, start inclusive and end exclusive', () => {
    const at = (hhmm: string) => Date.parse(`2026-01-10T${hhmm}:00Z`);
    const day = { start: 9 * 60, end: 17 * 60, timeZone: 'UTC' };
    expect(inQuietHours(day, at('09:00'))).toBe(true);
    expect(inQuietHours(day, at('17:00'))).toBe(false);
    const night = { start: 22 * 60, end: 7 * 60, timeZone: 'UTC' };
    expect(inQuietHours(night, at('23:30'))).toBe(true);
    expect(inQuietHours(night, at('06:59'))).toBe(true);
    expect(inQuietHours(night, at('07:00'))).toBe(false);
    expect(inQuietHours(null, at('23:30'))).toBe(false);
  });

  it('parses clock times', () => {
    expect(parseClock('07:30')).toBe(450);
    expect(parseClock('24:00')).toBeNull();
  });
});

describe('alertSummary', () => {
  it('words an arbitrage with its legs and a path that opens the scanner on its game', () => {
    const summary = alertSummary(alertArbitrage());
    expect(summary.title).toBe('Arbitrage 2.5%: Boston Celtics @ Los Angeles Lakers');
    expect(summary.text).toContain('Los Angeles Lakers +110 at draftkings / Boston Celtics +105 at fanduel');
    expect(summary.path).toBe(
      '/sportsbooks?mode=arbitrage&sport=basketball_nba&market=h2h&books=draftkings,fanduel&q=Los%20Angeles%20Lakers&opportunity=arb-1',
    );
    expect(alertSummary(evBet()).title).toBe('+EV 5.6%: Boston Celtics @ Los Angeles Lakers');
  });

  it('words markets and selections as the web does: labels, the prop’s player, the spread’s sign, a middle’s chance', () => {
    const prop = alertSummary(
      evBet({ market: 'player_receptions', outcome: 'Over', point: 5.5, description: 'Travis Kelce', price: 115 }),
    );
    expect(prop.text).toBe(
      '+EV 5.6%: Boston Celtics @ Los Angeles Lakers (Receptions): Travis Kelce Over 5.5 +115 at DraftKings (fair +108)',
    );
    const spread = alertSummary(
      alertArbitrage({
        market: 'spreads_q1',
        legs: [
          { ...alertLeg('draftkings', 'Los Angeles Lakers', 110), market: 'spreads_q1', point: 1.5 },
          { ...alertLeg('fanduel', 'Boston Celtics', 105), market: 'spreads_q1', point: -1.5 },
        ],
      }),
    );
    expect(spread.text).toContain(
      '(Spread · 1st Quarter): Los Angeles Lakers +1.5 +110 at draftkings / Boston Celtics -1.5',
    );
    const middle = alertSummary(middleOpportunity());
    expect(middle.title).toBe('Middle, 16% middle chance: Boston Celtics @ Los Angeles Lakers');
    expect(middle.text).toContain('(Total): Over');
    expect([prop.value, middle.value]).toEqual([5.6, 16]);
  });

  it('signs a steam spread’s lines as the web’s steam card does, and leaves a total’s unsigned', () => {
    const base = steamAlert();
    const at = (point: number, price: number) => ({ price, decimal: 1 + 100 / -price, point });
    const spread = steamAlert({
      market: 'spreads',
      side: 'Boston Celtics',
      origin: { ...base.origin, from: at(3.5, -110), to: at(2.5, -110) },
      staleBooks: [{ ...staleBook('draftkings', -110, 3), point: 3.5 }],
    });
    expect(alertSummary(spread).text).toContain(
      'pinnacle +3.5 -110 → +2.5 -110; still +3.5 -110 at draftkings (EV 3%)',
    );
    const total = steamAlert({
      market: 'totals',
      side: 'Over',
      origin: { ...base.origin, from: at(220.5, -110), to: at(221.5, -110) },
      staleBooks: [{ ...staleBook('draftkings', -110, 3), point: 220.5 }],
    });
    expect(alertSummary(total).text).toContain('pinnacle 220.5 -110 → 221.5 -110; still 220.5 -110 at draftkings');
  });

  it('words a back/lay’s lay leg as a lay', () => {
    const [back, lay] = [
      alertLeg('draftkings', 'Los Angeles Lakers', 120),
      alertLeg('matchbook', 'Los Angeles Lakers', 106),
    ];
    const summary = alertSummary(
      alertArbitrage({
        kind: 'back_lay',
        legs: [back, { ...lay, market: 'h2h_lay', lay: true, liability: 114.31 }],
      }),
    );
    expect(summary.text).toContain('Los Angeles Lakers +120 at draftkings / Lay Los Angeles Lakers +106 at matchbook');
  });

  // An NBA alert's link kept the table on NFL and NCAAF ("No Bets Available"): it selects the bet's sport, market and book
  it("selects the bet's sport, market and book", () => {
    expect(alertSummary(evBet({ market: 'spreads' })).path).toBe(
      '/sportsbooks?mode=game&sport=basketball_nba&market=spreads&books=draftkings&q=Los%20Angeles%20Lakers&opportunity=ev-1',
    );
  });

  // The notification "opens the opportunity on click" — a prop's +EV row is listed under Player Props.
  it('opens a +EV game line on Straight Bets and a +EV prop on Player Props', () => {
    expect(alertSummary(evBet({ market: 'spreads' })).path).toMatch(/^\/sportsbooks\?mode=game&/);
    expect(alertSummary(evBet({ market: 'player_points', description: 'LeBron James' })).path).toMatch(
      /^\/sportsbooks\?mode=props&/,
    );
    expect(alertSummary(evBet({ market: 'batter_hits_alternate' })).path).toMatch(/^\/sportsbooks\?mode=props&/);
  });
});
