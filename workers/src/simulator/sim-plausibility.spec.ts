import {
  findArbitrageOnBoard,
  findEvBetsOnBoard,
  findMiddlesOnBoard,
  isDfsBook,
  MIDDLE_DEFAULTS,
} from '@oddspulse/shared';
import { MarketSimulator } from './market-simulator';
import { DAY_SEC } from './sim-schedule';

// One game per team per day in a sport, records
// that follow results, DFS picks near the −119 convention, occasional 2–7 point middles on key numbers, and
// arbitrages that appear and vanish within seconds. Deterministic: SIMULATOR_SEED picks the seed.
const SEED = 42;
const NOW = Date.parse('2026-03-01T18:00:00Z');
const MINUTE = 60_000;
const FOOTBALL_AND_BASKETBALL = [
  'americanfootball_nfl',
  'americanfootball_ncaaf',
  'basketball_nba',
  'basketball_ncaab',
];

describe('simulated feed plausibility', () => {
  it('plays every team once a round, a day apart (a week in football), never a late game and the next early one', () => {
    const sim = new MarketSimulator(SEED);
    for (const sport of MarketSimulator.sports()) {
      const weekly = sport.startsWith('americanfootball');
      const roundMs = (weekly ? 7 : 1) * DAY_SEC * 1000;
      const games = new Map<string, ReturnType<MarketSimulator['games']>[number]>();
      // every sport lists 11 hours ahead and more, so a poll every 3 hours sees every game
      for (let t = NOW; t < NOW + 4 * roundMs; t += 180 * MINUTE)
        for (const g of sim.games(sport, t, true)) games.set(g.id, g);
      const byTeam = new Map<string, number[]>();
      for (const g of games.values())
        for (const team of [g.home, g.away]) byTeam.set(team, [...(byTeam.get(team) ?? []), g.commence]);
      expect({ sport, teams: byTeam.size }).toEqual({ sport, teams: sim.games(sport, NOW)[0].sport.teams.length });
      // a team's games are a round apart less one slot at the least: 20 hours and more, 6 days in football
      const least = weekly ? 6 * DAY_SEC * 1000 : 20 * 3_600_000;
      let closest = Infinity;
      for (const starts of byTeam.values()) {
        const sorted = starts.sort((a, b) => a - b);
        for (let i = 1; i < sorted.length; i++) closest = Math.min(closest, sorted[i] - sorted[i - 1]);
      }
      expect({ sport, closestHours: Math.floor(closest / 3_600_000), apartEnough: closest >= least }).toMatchObject({
        sport,
        apartEnough: true,
      });
    }
  });

  it('moves the teams’ records with each final: the winner gains a win, the loser a loss', () => {
    const sim = new MarketSimulator(SEED);
    const sport = 'basketball_nba';
    const game = sim.games(sport, NOW).find((g) => g.commence > NOW)!;
    const row = (t: number) => sim.scoreboard(sport, t).find((g) => g.id === game.id)!;
    const before = row(game.commence - MINUTE);
    const final = row(game.commence + game.sport.durationMin * MINUTE + MINUTE);
    expect(final.completed).toBe(true);
    const parse = (r: string | undefined) => r!.split('-').map(Number);
    const [hw, hl] = parse(before.home_record);
    const [aw, al] = parse(before.away_record);
    const homeWon = final.home_score! > final.away_score!;
    expect(parse(final.home_record)).toEqual(homeWon ? [hw + 1, hl] : [hw, hl + 1]);
    expect(parse(final.away_record)).toEqual(homeWon ? [aw, al + 1] : [aw + 1, al]);
    // The next day the record still counts it (records are not reseeded per game).
    const tomorrow = sim
      .scoreboard(sport, game.commence + DAY_SEC * 1000)
      .find((g) => g.home_team === game.home || g.away_team === game.home);
    if (tomorrow) {
      const record = tomorrow.home_team === game.home ? tomorrow.home_record : tomorrow.away_record;
      const [w, l] = parse(record);
      expect(w + l).toBeGreaterThanOrEqual(hw + hl + 1);
    }
  });

  it('counts every final of the season in a football record, one more game each week', () => {
    const sim = new MarketSimulator(SEED);
    const sport = 'americanfootball_nfl';
    const team = sim.games(sport, NOW)[0].home;
    const games = new Map<string, number>();
    for (let t = NOW; t < NOW + 5 * 7 * DAY_SEC * 1000; t += 360 * MINUTE)
      for (const g of sim.games(sport, t)) if (g.home === team || g.away === team) games.set(g.id, g.commence);
    // the record each game of the team starts with: games played so far this season
    const played = [...games]
      .sort((x, y) => x[1] - y[1])
      .map(([id, commence]) => {
        const row = sim.scoreboard(sport, commence - MINUTE).find((g) => g.id === id)!;
        const record = row.home_team === team ? row.home_record : row.away_record;
        return record!
          .split('-')
          .map(Number)
          .reduce((sum, n) => sum + n, 0);
      });
    expect(played.length).toBeGreaterThanOrEqual(4);
    for (let i = 1; i < played.length; i++) expect([played[i - 1] + 1, 0]).toContain(played[i]);
    expect(Math.max(...played)).toBeGreaterThan(0);
  });

  it('keeps soccer records as wins-draws-losses', () => {
    const board = new MarketSimulator(SEED).scoreboard('soccer_epl', NOW);
    expect(board[0].home_record).toMatch(/^\d+-\d+-\d+$/);
  });

  it('lists DFS picks near the −119 convention: no pick routinely +10 % EV', () => {
    const sim = new MarketSimulator(SEED);
    const evs: number[] = [];
    for (const sport of ['americanfootball_nfl', 'basketball_nba', 'icehockey_nhl', 'baseball_mlb']) {
      for (const minute of [0, 45]) {
        const t = NOW + minute * MINUTE;
        evs.push(
          ...findEvBetsOnBoard(sim.propsBoard(sport, t), { minEvPct: -100 }, t)
            .filter((b) => isDfsBook(b.book))
            .map((b) => b.evPct),
        );
      }
    }
    evs.sort((a, b) => a - b);
    expect(evs.length).toBeGreaterThan(100);
    const median = evs[Math.floor(evs.length / 2)];
    // −119 against a fair coin flip is −8 %; a near-even line moves that a few points either way.
    expect(median).toBeGreaterThan(-12);
    expect(median).toBeLessThan(-4);
    expect(evs.filter((ev) => ev > 10).length).toBe(0);
  });

  it('shows a middle at the scanner defaults (gap 3, 15 %) within a minute, 2–7 points wide, some across a key number', () => {
    const sim = new MarketSimulator(SEED);
    const gaps: number[] = [];
    let keyed = 0;
    for (let second = 0; second <= 60; second += 20) {
      const t = NOW + second * 1000;
      for (const sport of FOOTBALL_AND_BASKETBALL) {
        for (const m of findMiddlesOnBoard(
          sim.oddsBoard(sport, t),
          { minGap: MIDDLE_DEFAULTS.minGap, minProbability: MIDDLE_DEFAULTS.minProbability },
          t,
        )) {
          gaps.push(m.gap);
          const { low, high } = m.middleRange;
          if (
            sport === 'americanfootball_nfl' &&
            m.market === 'spreads' &&
            [3, 7, 10].some((k) => low <= k && k <= high)
          )
            keyed++;
        }
      }
    }
    expect(gaps.length).toBeGreaterThan(0);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(8);
    expect(keyed).toBeGreaterThan(0);
  });

  it('makes middles occasional: most spread and total numbers agree, and a wide gap does not stay', () => {
    const sim = new MarketSimulator(SEED);
    const sport = 'americanfootball_nfl';
    const all = findMiddlesOnBoard(sim.oddsBoard(sport, NOW), { minGap: 0.5, minProbability: 0 }, NOW);
    const wide = all.filter((m) => m.gap >= 3);
    expect(wide.length).toBeLessThan(all.length / 3);
    // A slow book holds a moved number for ten minutes at most: each wide middle is gone at some moment of the next 25.
    const ids = (t: number) =>
      new Set(findMiddlesOnBoard(sim.oddsBoard(sport, t), { minGap: 3, minProbability: 0 }, t).map((m) => m.id));
    const later = [15, 20, 25].map((minutes) => ids(NOW + minutes * MINUTE));
    expect(wide.filter((m) => later.every((set) => set.has(m.id))).map((m) => m.id)).toEqual([]);
  });

  it('makes arbitrages that vanish within a minute, mostly under 1.5 %', () => {
    const sim = new MarketSimulator(SEED);
    const seen = new Map<string, { first: number; last: number; profit: number }>();
    for (let second = 0; second <= 150; second += 6) {
      const t = NOW + second * 1000;
      for (const sport of ['americanfootball_nfl', 'americanfootball_ncaaf']) {
        for (const a of findArbitrageOnBoard(sim.oddsBoard(sport, t), { minProfitPct: 0.1 }, t)) {
          const known = seen.get(a.id);
          seen.set(a.id, {
            first: known?.first ?? second,
            last: second,
            profit: Math.max(known?.profit ?? 0, a.profitPct),
          });
        }
      }
    }
    const arbs = [...seen.values()];
    expect(arbs.length).toBeGreaterThan(0);
    // Lives measured inside the window only: one seen at its start or end may have lived longer outside it.
    const inside = arbs.filter((a) => a.first > 0 && a.last < 150);
    expect(inside.length).toBeGreaterThan(0);
    expect(Math.max(...inside.map((a) => a.last - a.first))).toBeLessThan(60);
    expect(arbs.filter((a) => a.profit < 1.5).length / arbs.length).toBeGreaterThan(0.6);
  });
});
