import { commissionOf, findArbitrageOnBoard } from '@oddspulse/shared';
import { DFS_DECIMAL, MarketSimulator } from './market-simulator';
import { ladderPrice, nextLadderPrice } from './sim-pricing';

const NOW = Date.parse('2026-03-01T18:00:00Z');
const overround = (prices: number[]) => prices.reduce((s, p) => s + 1 / p, 0);

function h2hOverround(board: ReturnType<MarketSimulator['oddsBoard']>, book: string): number[] {
  return board.flatMap((e) =>
    e.bookmakers
      .filter((b) => b.key === book)
      .flatMap((b) => b.markets.filter((m) => m.key === 'h2h').map((m) => overround(m.outcomes.map((o) => o.price)))),
  );
}

// The market simulator — deterministic for a seed; books price around a hidden truth with their own margin and lag.
describe('MarketSimulator', () => {
  it('gives the same boards, props and scores for the same seed and time, and different ones for another seed', () => {
    const a = new MarketSimulator(7);
    const b = new MarketSimulator(7);
    // Compared as JSON: the boards are large and jest's deep equality is slow on them.
    for (const sport of ['americanfootball_nfl', 'baseball_mlb', 'soccer_epl']) {
      expect(JSON.stringify(b.oddsBoard(sport, NOW))).toBe(JSON.stringify(a.oddsBoard(sport, NOW)));
      expect(JSON.stringify(b.propsBoard(sport, NOW))).toBe(JSON.stringify(a.propsBoard(sport, NOW)));
      expect(JSON.stringify(b.scoreboard(sport, NOW))).toBe(JSON.stringify(a.scoreboard(sport, NOW)));
    }
    expect(JSON.stringify(new MarketSimulator(8).oddsBoard('basketball_nba', NOW))).not.toBe(
      JSON.stringify(a.oddsBoard('basketball_nba', NOW)),
    );
  });

  it('covers the feed sports, with three-way soccer markets', () => {
    expect(MarketSimulator.sports()).toEqual(
      expect.arrayContaining([
        'americanfootball_nfl',
        'americanfootball_ncaaf',
        'basketball_nba',
        'basketball_ncaab',
        'icehockey_nhl',
        'baseball_mlb',
        'soccer_usa_mls',
        'soccer_epl',
      ]),
    );
    const soccer = new MarketSimulator(1).oddsBoard('soccer_epl', NOW);
    const h2h = soccer[0].bookmakers[0].markets.find((m) => m.key === 'h2h')!;
    expect(h2h.outcomes.map((o) => o.name)).toContain('Draw');
  });

  it('prices each book with its own margin: sharp books thin, soft books wide', () => {
    const board = new MarketSimulator(3).oddsBoard('basketball_nba', NOW);
    const pinnacle = h2hOverround(board, 'pinnacle');
    const soft = h2hOverround(board, 'mybookieag');
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean(pinnacle)).toBeGreaterThan(1.01);
    expect(mean(pinnacle)).toBeLessThan(1.04);
    expect(mean(soft)).toBeGreaterThan(1.045);
  });

  it('offers the markets the odds pages show: alternates, team totals, periods and props, DFS at -119', () => {
    const sim = new MarketSimulator(5);
    const upcoming = sim.oddsBoard('americanfootball_nfl', NOW).find((e) => Date.parse(e.commence_time) > NOW)!;
    const keys = new Set(upcoming.bookmakers.flatMap((b) => b.markets.map((m) => m.key)));
    for (const key of [
      'h2h',
      'spreads',
      'totals',
      'alternate_spreads',
      'alternate_totals',
      'team_totals',
      'h2h_h1',
      'totals_q1',
    ])
      expect(keys).toContain(key);
    const props = sim.propsBoard('americanfootball_nfl', NOW)[0];
    const dfs = props.bookmakers.find((b) => b.key === 'prizepicks')!;
    expect(
      dfs.markets
        .flatMap((m) => m.outcomes)
        .every((o) => o.price === DFS_DECIMAL && o.description && o.point! % 1 === 0.5),
    ).toBe(true);
    expect(props.bookmakers.find((b) => b.key === 'draftkings')!.markets.map((m) => m.key)).toEqual(
      expect.arrayContaining(['player_pass_yds', 'player_rush_yds', 'player_receptions', 'player_anytime_td']),
    );
  });

  it('moves a game from scheduled to live to final, with scores that only go up', () => {
    const sim = new MarketSimulator(11);
    const game = sim.games('basketball_nba', NOW).find((g) => g.commence > NOW)!;
    const at = (minutes: number) =>
      sim.scoreboard('basketball_nba', game.commence + minutes * 60_000).find((g) => g.id === game.id)!;
    expect(at(-5)).toMatchObject({ status: 'scheduled', scores: { home: null, away: null } });
    const mid = at(60);
    expect(mid).toMatchObject({ status: 'in_progress', live: true });
    expect(mid.clock).toMatch(/^\d+:\d\d$/);
    const later = at(120);
    expect(later.home_score! + later.away_score!).toBeGreaterThanOrEqual(mid.home_score! + mid.away_score!);
    const final = at(151);
    expect(final).toMatchObject({ status: 'final', completed: true, live: false });
    expect(final.home_score).not.toBe(final.away_score);
    // A finished game leaves the odds board.
    expect(sim.oddsBoard('basketball_nba', game.commence + 151 * 60_000).some((e) => e.id === game.id)).toBe(false);
  });

  it("keeps a market's update time until its price moves, as a real feed does", () => {
    const sim = new MarketSimulator(7);
    const quotes = (board: ReturnType<MarketSimulator['oddsBoard']>) =>
      new Map(
        board.flatMap((e) =>
          e.bookmakers.flatMap((b) => b.markets.map((m) => [`${e.id} ${b.key} ${m.key}`, m] as const)),
        ),
      );
    const before = quotes(sim.oddsBoard('basketball_nba', NOW));
    const after = quotes(sim.oddsBoard('basketball_nba', NOW + 60_000));
    let kept = 0;
    let moved = 0;
    for (const [key, market] of after) {
      const last = before.get(key);
      if (!last) continue;
      if (JSON.stringify(last.outcomes) === JSON.stringify(market.outcomes)) {
        expect(market.last_update).toBe(last.last_update);
        kept++;
      } else {
        expect(Date.parse(market.last_update)).toBeGreaterThan(Date.parse(last.last_update));
        moved++;
      }
    }
    expect(kept).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);
  });

  it('runs faster with a time scale', () => {
    const sim = new MarketSimulator(11, 60);
    const game = sim.games('basketball_nba', NOW).find((g) => g.commence > NOW)!;
    const final = sim.scoreboard('basketball_nba', game.commence + 151_000).find((g) => g.id === game.id)!;
    expect(final.status).toBe('final');
  });

  it('makes arbitrages from lagging books that are rare and mostly under 1.5%', () => {
    // Deterministic: the same seed and times always give the same arbitrages.
    const sim = new MarketSimulator(7);
    const profits: number[] = [];
    let quotes = 0;
    for (let minute = 0; minute < 240; minute += 30) {
      for (const sport of MarketSimulator.sports()) {
        const board = sim.oddsBoard(sport, NOW + minute * 60_000);
        quotes += board.reduce((s, e) => s + e.bookmakers.reduce((t, b) => t + b.markets.length, 0), 0);
        profits.push(
          ...findArbitrageOnBoard(board, { minProfitPct: 0.1 }, NOW + minute * 60_000).map((a) => a.profitPct),
        );
      }
    }
    expect(profits.length).toBeGreaterThan(0);
    expect(profits.length).toBeLessThan(quotes * 0.01);
    expect(profits.filter((p) => p < 1.5).length / profits.length).toBeGreaterThan(0.6);
  });
});

// Betfair, Matchbook and Smarkets quote as exchanges do on The Odds API: a back price (`h2h`) and a lay price
// (`h2h_lay`) for each outcome, on the exchanges' price ladder, and charge their published commission on net winnings
// (commission.ts), which the engine takes off their prices.
describe('the simulated exchanges', () => {
  // Betfair as The Odds API keys it on its US board (the recorded NFL board's `betfair`, with `h2h_lay`)
  const EXCHANGES = ['betfair', 'matchbook', 'smarkets'];

  it('quote back and lay for every outcome of the moneyline, the lay a ladder step or more above the back', () => {
    for (const sport of ['basketball_nba', 'soccer_epl']) {
      const board = new MarketSimulator(11).oddsBoard(sport, NOW);
      for (const key of EXCHANGES) {
        const quotes = board.flatMap((e) => e.bookmakers.filter((b) => b.key === key));
        expect(quotes.length).toBeGreaterThan(0);
        for (const bookmaker of quotes) {
          const back = bookmaker.markets.find((m) => m.key === 'h2h')!;
          const lay = bookmaker.markets.find((m) => m.key === 'h2h_lay')!;
          expect(lay.outcomes.map((o) => o.name)).toEqual(back.outcomes.map((o) => o.name));
          back.outcomes.forEach((o, i) => {
            expect(ladderPrice(o.price, 'down')).toBe(o.price);
            expect(ladderPrice(lay.outcomes[i].price, 'up')).toBe(lay.outcomes[i].price);
            expect(lay.outcomes[i].price).toBeGreaterThanOrEqual(nextLadderPrice(o.price));
          });
          // a matched market: the backs' book just over 100 %, the lays' just under
          expect(overround(back.outcomes.map((o) => o.price))).toBeGreaterThan(1);
          expect(overround(back.outcomes.map((o) => o.price))).toBeLessThan(1.04);
          expect(overround(lay.outcomes.map((o) => o.price))).toBeLessThan(1);
        }
      }
    }
  });

  it('charge their published commission, so a newcomer meets a price net of it', () => {
    expect(EXCHANGES.map((key) => commissionOf(key))).toEqual([0.05, 0.02, 0.02]);
  });

  it("price on Betfair's ladder of increments", () => {
    expect(ladderPrice(1.999, 'down')).toBe(1.99);
    expect(ladderPrice(2.03, 'down')).toBe(2.02);
    expect(ladderPrice(2.03, 'up')).toBe(2.04);
    expect(ladderPrice(3.33, 'down')).toBe(3.3);
    expect(ladderPrice(5.55, 'up')).toBe(5.6);
    expect(ladderPrice(13.2, 'down')).toBe(13);
    expect(ladderPrice(2.02, 'up')).toBe(2.02);
    expect(nextLadderPrice(1.99)).toBe(2);
    expect(nextLadderPrice(2)).toBe(2.02);
    expect(nextLadderPrice(4)).toBe(4.1);
  });
});
