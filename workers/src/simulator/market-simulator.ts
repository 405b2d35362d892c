import {
  BoardBookmaker,
  BoardEvent,
  BoardMarket,
  BoardOutcome,
  ScoreboardEvent,
  americanToDecimal,
  decimalToAmericanRounded,
  gameStatus,
} from '@oddspulse/shared';
import { BOOK_PROFILES, BookProfile } from './sim-books';
import { hash32, hexId, normal, normalCdf, poisson, poissonPmf, stepNoise, uniform } from './sim-random';
import { PeriodMarket, PropSpec, SPORT_PROFILES, SportProfile, playerName } from './sim-sports';

/** DFS apps price every pick at −119 (spec 001 §5). */
export const DFS_DECIMAL = americanToDecimal(-119);

/** Finished games stay on the scoreboard this long (simulated minutes), for settlement. */
const FINAL_LINGER_MIN = 360;
/** How long a book's own noise holds before it is redrawn (simulated seconds). */
const BIAS_WINDOW_SEC = 3600;
/** The truth moves in steps (news, sharp money) about this often (simulated seconds). */
const DRIFT_PERIOD_SEC = 1800;
/** Books mostly copy the market: their own views wander only this share of their noise. */
const NOISE_SCALE = 0.5;
/** Prop lines are set on a player mean; books disagree on it less than on a game (as a share of their noise). */
const PROP_NOISE_SCALE = 0.25;

export interface SimGame {
  sport: SportProfile;
  index: number;
  id: string;
  home: string;
  away: string;
  /** Real epoch ms. */
  commence: number;
  /** Pre-match expected margin (home − away) and total, before drift. */
  strength: number;
  total: number;
}

interface GameState {
  phase: 'scheduled' | 'live' | 'final';
  /** Share of the game played, 0..1. */
  played: number;
  home: number;
  away: number;
  overtime: boolean;
}

/** What a book (or the truth) believes about the rest of a game at one moment. */
interface View {
  diff: number;
  scored: number;
  homeScore: number;
  awayScore: number;
  marginLeft: number;
  marginSd: number;
  totalLeft: number;
  totalSd: number;
}

const MEMO_LIMIT = 5000;
function remember<V>(memo: Map<string, V>, key: string, value: V): void {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
}

const roundHalf = (x: number) => Math.floor(x) + 0.5;
const clampP = (p: number) => Math.min(0.985, Math.max(0.015, p));
const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/**
 * The built-in market: a pure function of the seed, the time scale and the wall clock, so every worker
 * process that asks at the same moment gets the same board and nothing needs to be kept between polls.
 * Each game has a hidden true strength that drifts; scores come from seeded Poisson draws per scoring
 * slot; each book prices its own (noisy, lagged) view of the truth with its own margin and rounding.
 * Times in the output are real (wall-clock) times; SIMULATOR_TIME_SCALE compresses game length,
 * book lags and drift alike.
 */
export class MarketSimulator {
  /** Memos of pure results (a game's scoring, a round's pairings); any process can rebuild them. */
  private readonly scoringMemo = new Map<string, { home: number[]; away: number[] }>();
  private readonly roundMemo = new Map<string, string[]>();

  constructor(
    readonly seed: number,
    readonly timeScale = 1,
    readonly books: readonly BookProfile[] = BOOK_PROFILES,
    private readonly profiles: Record<string, SportProfile> = SPORT_PROFILES,
  ) {}

  static sports(): string[] {
    return Object.keys(SPORT_PROFILES);
  }

  private profile(sport: string): SportProfile {
    const profile = this.profiles[sport];
    if (!profile) throw new Error(`The simulator has no sport ${sport}`);
    return profile;
  }

  /** Simulated seconds at a real time. */
  private simSec(realMs: number): number {
    return (realMs / 1000) * this.timeScale;
  }

  private realMs(simSec: number): number {
    return (simSec * 1000) / this.timeScale;
  }

  private spacingMin(profile: SportProfile): number {
    return Math.max(5, Math.round((profile.durationMin + profile.lookaheadMin) / profile.gamesOnBoard));
  }

  private game(profile: SportProfile, index: number): SimGame {
    const spacing = this.spacingMin(profile);
    const offset = hash32(this.seed, profile.key, 'offset') % spacing;
    const commenceSimSec = (index * spacing + offset) * 60;
    const perRound = Math.floor(profile.teams.length / 2);
    const round = Math.floor(index / perRound);
    const slot = index - round * perRound;
    const order = this.roundOrder(profile, round);
    const strength = profile.homeAdvantage + profile.strengthSd * normal(this.seed, profile.key, index, 'strength');
    const total = Math.max(profile.totalMean * 0.6, profile.totalMean * (1 + 0.07 * normal(this.seed, profile.key, index, 'total')));
    return {
      sport: profile,
      index,
      id: hexId(this.seed, profile.key, index),
      home: order[2 * slot],
      away: order[2 * slot + 1],
      commence: this.realMs(commenceSimSec),
      strength,
      total,
    };
  }

  private roundOrder(profile: SportProfile, round: number): string[] {
    const key = `${profile.key}:${round}`;
    let order = this.roundMemo.get(key);
    if (!order) {
      const rank = new Map(profile.teams.map((t) => [t, hash32(this.seed, profile.key, round, t)]));
      order = [...profile.teams].sort((a, b) => rank.get(a)! - rank.get(b)!);
      remember(this.roundMemo, key, order);
    }
    return order;
  }

  /** Points scored up to the end of each slot, per side. */
  private scoring(game: SimGame): { home: number[]; away: number[] } {
    let memo = this.scoringMemo.get(game.id);
    if (!memo) {
      memo = { home: [], away: [] };
      let home = 0;
      let away = 0;
      for (let slot = 0; slot < game.sport.slots; slot++) {
        home += this.pointsInSlot(game, slot, 'home');
        away += this.pointsInSlot(game, slot, 'away');
        memo.home.push(home);
        memo.away.push(away);
      }
      remember(this.scoringMemo, game.id, memo);
    }
    return memo;
  }

  /** Games whose start falls in (now − lengthBack, now + lookahead], in start order. */
  games(sport: string, nowMs: number, includeFinals = false): SimGame[] {
    const profile = this.profile(sport);
    const spacingSec = this.spacingMin(profile) * 60;
    const nowSim = this.simSec(nowMs);
    const back = (profile.durationMin + (includeFinals ? FINAL_LINGER_MIN : 0)) * 60;
    const first = Math.floor((nowSim - back) / spacingSec) - 1;
    const last = Math.ceil((nowSim + profile.lookaheadMin * 60) / spacingSec) + 1;
    const games: SimGame[] = [];
    for (let index = first; index <= last; index++) {
      const game = this.game(profile, index);
      const start = this.simSec(game.commence);
      if (start <= nowSim - back || start > nowSim + profile.lookaheadMin * 60) continue;
      if (!includeFinals && this.state(game, nowMs).phase === 'final') continue;
      games.push(game);
    }
    return games;
  }

  private pointsInSlot(game: SimGame, slot: number, team: 'home' | 'away'): number {
    const profile = game.sport;
    const avgValue = profile.scoreValues.reduce((s, [v, w]) => s + v * w, 0);
    const expected = Math.max(0.1, team === 'home' ? (game.total + game.strength) / 2 : (game.total - game.strength) / 2);
    const events = poisson(expected / profile.slots / avgValue, this.seed, game.id, slot, team);
    let points = 0;
    for (let e = 0; e < events; e++) {
      let pick = uniform(this.seed, game.id, slot, team, e, 'value');
      for (const [value, weight] of profile.scoreValues) {
        pick -= weight;
        if (pick < 0 || value === profile.scoreValues[profile.scoreValues.length - 1][0]) {
          points += value;
          break;
        }
      }
    }
    return points;
  }

  state(game: SimGame, nowMs: number): GameState {
    const profile = game.sport;
    const elapsedSec = this.simSec(nowMs) - this.simSec(game.commence);
    if (elapsedSec < 0) return { phase: 'scheduled', played: 0, home: 0, away: 0, overtime: false };
    const played = Math.min(1, elapsedSec / (profile.durationMin * 60));
    const slots = Math.min(profile.slots, Math.floor(played * profile.slots));
    const scoring = this.scoring(game);
    let home = slots ? scoring.home[slots - 1] : 0;
    let away = slots ? scoring.away[slots - 1] : 0;
    if (played < 1) return { phase: 'live', played, home, away, overtime: false };
    let overtime = false;
    if (home === away && !profile.threeWay) {
      overtime = true;
      const winnerHome = uniform(this.seed, game.id, 'overtime') < normalCdf(game.strength / profile.marginSd);
      const value = Math.min(...profile.scoreValues.map(([v]) => v));
      if (winnerHome) home += value;
      else away += value;
    }
    return { phase: 'final', played: 1, home, away, overtime };
  }

  /**
   * The truth (book = null) or a book's view of the rest of the game: the score and clock at `clockSec`,
   * the strength as it was known at `simSec` (a lagging book runs its model on an old read of the game).
   */
  private view(game: SimGame, simSec: number, book: BookProfile | null, clockSec = simSec): View {
    const profile = game.sport;
    const state = this.state(game, this.realMs(clockSec));
    const left = 1 - state.played;
    let margin = game.strength + 0.03 * profile.marginSd * stepNoise(simSec, DRIFT_PERIOD_SEC, this.seed, game.id, 'drift');
    let total = game.total + 0.015 * profile.totalSd * stepNoise(simSec, DRIFT_PERIOD_SEC, this.seed, game.id, 'drift-total');
    if (book) {
      margin += NOISE_SCALE * book.noise * profile.marginSd * stepNoise(simSec, BIAS_WINDOW_SEC, this.seed, book.key, game.id, 'bias');
      total += NOISE_SCALE * book.noise * profile.totalSd * stepNoise(simSec, BIAS_WINDOW_SEC, this.seed, book.key, game.id, 'bias-total');
    }
    return {
      diff: state.home - state.away,
      scored: state.home + state.away,
      homeScore: state.home,
      awayScore: state.away,
      marginLeft: margin * left,
      marginSd: Math.max(1e-6, profile.marginSd * Math.sqrt(left)),
      totalLeft: Math.max(0, total * left),
      totalSd: Math.max(1e-6, profile.totalSd * Math.sqrt(left)),
    };
  }

  /** Remaining goals for each side (soccer): Poisson means from the expected margin and total. */
  private goalMeans(view: View, share = 1): [number, number] {
    const total = view.totalLeft * share;
    const margin = view.marginLeft * share;
    return [Math.max(0.02, (total + margin) / 2), Math.max(0.02, (total - margin) / 2)];
  }

  /** P(home final margin + line > 0), P(total > line) and the three-way result, by sport type. */
  private probabilities(game: SimGame, view: View, share = 1, base = { diff: view.diff, scored: view.scored }) {
    if (game.sport.threeWay) {
      const [lh, la] = this.goalMeans(view, share);
      const ph = poissonPmf(lh, 12);
      const pa = poissonPmf(la, 12);
      const margin = (line: number) => {
        let p = 0;
        for (let i = 0; i <= 12; i++) for (let j = 0; j <= 12; j++) if (base.diff + i - j + line > 0) p += ph[i] * pa[j];
        return p;
      };
      const total = (line: number) => {
        const pt = poissonPmf(lh + la, 24);
        let p = 0;
        for (let k = 0; k <= 24; k++) if (base.scored + k > line) p += pt[k];
        return p;
      };
      const win = margin(0);
      const loss = 1 - margin(0) - this.drawProbability(ph, pa, base.diff);
      return { cover: margin, over: total, result: [win, Math.max(0, 1 - win - loss), Math.max(0, loss)] as number[] };
    }
    const mu = view.marginLeft * share;
    const sd = game.sport.marginSd * Math.sqrt(share) * (view.marginSd / game.sport.marginSd);
    const tMu = view.totalLeft * share;
    const tSd = game.sport.totalSd * Math.sqrt(share) * (view.totalSd / game.sport.totalSd);
    return {
      cover: (line: number) => normalCdf((base.diff + mu + line) / sd),
      over: (line: number) => normalCdf((base.scored + tMu - line) / tSd),
      result: [normalCdf((base.diff + mu) / sd)],
    };
  }

  private drawProbability(ph: number[], pa: number[], diff: number): number {
    let p = 0;
    for (let i = 0; i < ph.length; i++) {
      const j = i + diff;
      if (j >= 0 && j < pa.length) p += ph[i] * pa[j];
    }
    return p;
  }

  /** Fair probabilities → the book's prices: its margin spread over the outcomes, then its rounding. */
  private price(book: BookProfile, fair: number[]): number[] {
    const clamped = fair.map(clampP);
    const sum = clamped.reduce((s, p) => s + p, 0);
    return clamped.map((p) => {
      const implied = Math.min(0.995, (p / sum) * (1 + book.margin));
      const decimal = 1 / implied;
      if (book.rounding === 'decimal2') return Math.max(1.01, Math.floor(decimal * 100) / 100);
      return americanToDecimal(decimalToAmericanRounded(decimal));
    });
  }

  private twoWay(book: BookProfile, key: string, names: [string, string], p: number, points?: [number, number], description?: string): BoardMarket {
    const [a, b] = this.price(book, [p, 1 - p]);
    const outcome = (name: string, price: number, point?: number): BoardOutcome => {
      const o: BoardOutcome = { name, price };
      if (description) o.description = description;
      if (point !== undefined) o.point = point;
      return o;
    };
    return { key, last_update: '', outcomes: [outcome(names[0], a, points?.[0]), outcome(names[1], b, points?.[1])] };
  }

  private gameMarkets(game: SimGame, book: BookProfile, view: View, live: boolean): BoardMarket[] {
    const profile = game.sport;
    const offered = (key: string) => uniform(this.seed, book.key, game.id, key) < book.coverage;
    const exchange = book.rounding === 'decimal2';
    const markets: BoardMarket[] = [];
    const p = this.probabilities(game, view);
    const spreadLine = -roundHalf(view.diff + view.marginLeft);
    const totalLine = roundHalf(view.scored + view.totalLeft);

    if (profile.threeWay) {
      const prices = this.price(book, p.result);
      markets.push({
        key: 'h2h',
        last_update: '',
        outcomes: [
          { name: game.home, price: prices[0] },
          { name: game.away, price: prices[2] },
          { name: 'Draw', price: prices[1] },
        ],
      });
    } else {
      markets.push(this.twoWay(book, 'h2h', [game.home, game.away], p.result[0]));
    }
    if (!exchange || offered('spreads')) {
      markets.push(this.twoWay(book, 'spreads', [game.home, game.away], p.cover(spreadLine), [spreadLine, -spreadLine]));
    }
    if (!exchange || offered('totals')) markets.push(this.twoWay(book, 'totals', ['Over', 'Under'], p.over(totalLine), [totalLine, totalLine]));
    if (live || exchange) return markets;

    if (profile.threeWay && offered('draw_no_bet')) {
      const [win, , loss] = p.result;
      markets.push(this.twoWay(book, 'draw_no_bet', [game.home, game.away], win / Math.max(1e-9, win + loss)));
    }
    if (offered('alternate_spreads')) {
      const outcomes: BoardOutcome[] = [];
      for (const step of [-2, -1, 1, 2]) {
        const line = spreadLine + step * profile.altStep;
        outcomes.push(...this.twoWay(book, 'alternate_spreads', [game.home, game.away], p.cover(line), [line, -line]).outcomes);
      }
      markets.push({ key: 'alternate_spreads', last_update: '', outcomes });
    }
    if (offered('alternate_totals')) {
      const outcomes: BoardOutcome[] = [];
      for (const step of [-2, -1, 1, 2]) {
        const line = totalLine + step * profile.altStep;
        if (line > 0) outcomes.push(...this.twoWay(book, 'alternate_totals', ['Over', 'Under'], p.over(line), [line, line]).outcomes);
      }
      markets.push({ key: 'alternate_totals', last_update: '', outcomes });
    }
    if (offered('team_totals') && !profile.threeWay) {
      const outcomes: BoardOutcome[] = [];
      for (const [team, sign] of [[game.home, 1], [game.away, -1]] as const) {
        const mean = (view.totalLeft + sign * view.marginLeft) / 2;
        const line = roundHalf(mean);
        const sd = profile.totalSd / Math.SQRT2;
        outcomes.push(...this.twoWay(book, 'team_totals', ['Over', 'Under'], normalCdf((mean - line) / sd), [line, line], team).outcomes);
      }
      markets.push({ key: 'team_totals', last_update: '', outcomes });
    }
    for (const period of profile.periodMarkets) markets.push(...this.periodMarkets(game, book, view, period, offered));
    return markets;
  }

  private periodMarkets(game: SimGame, book: BookProfile, view: View, period: PeriodMarket, offered: (key: string) => boolean): BoardMarket[] {
    const p = this.probabilities(game, view, period.share);
    const markets: BoardMarket[] = [];
    for (const key of period.keys) {
      if (!offered(key)) continue;
      if (key.startsWith('h2h')) {
        if (game.sport.threeWay) {
          const prices = this.price(book, p.result);
          markets.push({
            key,
            last_update: '',
            outcomes: [
              { name: game.home, price: prices[0] },
              { name: game.away, price: prices[2] },
              { name: 'Draw', price: prices[1] },
            ],
          });
        } else markets.push(this.twoWay(book, key, [game.home, game.away], p.result[0]));
      } else if (key.startsWith('spreads')) {
        const line = -roundHalf(view.marginLeft * period.share);
        markets.push(this.twoWay(book, key, [game.home, game.away], p.cover(line), [line, -line]));
      } else {
        const line = roundHalf(view.totalLeft * period.share);
        markets.push(this.twoWay(book, key, ['Over', 'Under'], p.over(line), [line, line]));
      }
    }
    return markets;
  }

  /**
   * The book's last update at or before `simSec` (it reprices every `updateSec`) and the moment of the
   * market its prices reflect, `lagSec` earlier: a book's timestamp is fresh while its view can be behind.
   */
  private bookTime(book: BookProfile, game: SimGame, simSec: number, live: boolean): { updated: number; seen: number } {
    const lag = live ? book.lagSec / 3 : book.lagSec;
    const interval = book.updateSec;
    const phase = (hash32(this.seed, book.key, game.id, 'phase') % 1000) / 1000;
    const updated = (Math.floor(simSec / interval - phase) + phase) * interval;
    return { updated, seen: updated - lag };
  }

  private event(game: SimGame, bookmakers: BoardBookmaker[]): BoardEvent {
    return {
      id: game.id,
      sport_key: game.sport.key,
      sport_title: game.sport.title,
      commence_time: iso(game.commence),
      home_team: game.home,
      away_team: game.away,
      bookmakers,
    };
  }

  /** Straight bets of every upcoming and live game of a sport. */
  oddsBoard(sport: string, nowMs: number): BoardEvent[] {
    const nowSim = this.simSec(nowMs);
    return this.games(sport, nowMs).map((game) => {
      const live = this.state(game, nowMs).phase === 'live';
      const truthNow = this.state(game, nowMs);
      const bookmakers: BoardBookmaker[] = [];
      for (const book of this.books) {
        if (book.dfs) continue;
        const at = this.bookTime(book, game, nowSim, live);
        const seen = this.state(game, this.realMs(at.seen));
        // A book that has not caught up with a score suspends its live markets, as real books do.
        if (live && (seen.home !== truthNow.home || seen.away !== truthNow.away || seen.phase !== 'live')) continue;
        const lastUpdate = iso(this.realMs(at.updated));
        const view = this.view(game, at.seen, book, live ? at.updated : at.seen);
        const markets = this.gameMarkets(game, book, view, live).map((m) => ({ ...m, last_update: lastUpdate }));
        bookmakers.push({ key: book.key, title: book.title, last_update: lastUpdate, markets });
      }
      return this.event(game, bookmakers);
    });
  }

  private propMean(game: SimGame, team: string, player: number, spec: PropSpec, simSec: number): number {
    const [lo, hi] = spec.mean;
    const base = lo + (hi - lo) * uniform(this.seed, game.sport.key, team, player, spec.market);
    return base * (1 + 0.015 * stepNoise(simSec, DRIFT_PERIOD_SEC, this.seed, game.id, team, player, spec.market));
  }

  /**
   * The players of a game's props, by team and slot: the same team keeps its names from game to game; a
   * visitor whose name is already taken in this game gets another, so no two players share a name.
   */
  private playerNames(game: SimGame): Map<string, string> {
    const profile = game.sport;
    const slots = [...new Set(profile.props.flatMap((spec) => spec.players))];
    const names = new Map<string, string>();
    const taken = new Set<string>();
    for (const team of [game.home, game.away]) {
      for (const player of slots) {
        let name = '';
        for (let salt = 0; !name || taken.has(name); salt++) {
          name = playerName((part) => hash32(this.seed, profile.key, team, player, part, salt || ''));
        }
        taken.add(name);
        names.set(`${team}#${player}`, name);
      }
    }
    return names;
  }

  /** Player props of every upcoming game of a sport (taken down at kick-off). */
  propsBoard(sport: string, nowMs: number): BoardEvent[] {
    const nowSim = this.simSec(nowMs);
    const profile = this.profile(sport);
    return this.games(sport, nowMs)
      .filter((game) => this.state(game, nowMs).phase === 'scheduled')
      .map((game) => {
        const names = this.playerNames(game);
        const bookmakers: BoardBookmaker[] = [];
        for (const book of this.books) {
          if (!book.props) continue;
          const { updated, seen: at } = this.bookTime(book, game, nowSim, false);
          const lastUpdate = iso(this.realMs(updated));
          const markets: BoardMarket[] = [];
          for (const spec of profile.props) {
            if (spec.yesOnly && book.dfs) continue;
            const outcomes: BoardOutcome[] = [];
            for (const team of [game.home, game.away]) {
              for (const player of spec.players) {
                const name = names.get(`${team}#${player}`)!;
                const truth = this.propMean(game, team, player, spec, at);
                const bias = 1 + PROP_NOISE_SCALE * book.noise * stepNoise(at, BIAS_WINDOW_SEC, this.seed, book.key, game.id, team, player, spec.market);
                if (spec.yesOnly) {
                  const [price] = this.price(book, [clampP(truth * bias), 1 - clampP(truth * bias)]);
                  outcomes.push({ name: 'Yes', description: name, price });
                  continue;
                }
                const mean = truth * bias;
                const line = roundHalf(mean);
                const over = 1 - normalCdf((line - mean) / Math.max(0.3, spec.spread * truth));
                const [overPrice, underPrice] = book.dfs ? [DFS_DECIMAL, DFS_DECIMAL] : this.price(book, [over, 1 - over]);
                outcomes.push({ name: 'Over', description: name, price: overPrice, point: line });
                outcomes.push({ name: 'Under', description: name, price: underPrice, point: line });
              }
            }
            markets.push({ key: spec.market, last_update: lastUpdate, outcomes });
          }
          bookmakers.push({ key: book.key, title: book.title, last_update: lastUpdate, markets });
        }
        return this.event(game, bookmakers);
      });
  }

  private clock(profile: SportProfile, state: GameState): { clock: string | null; period: number | null; detail: string } {
    if (state.phase === 'scheduled') return { clock: null, period: null, detail: 'Scheduled' };
    if (state.phase === 'final') return { clock: null, period: profile.periods, detail: state.overtime ? 'Final/OT' : 'Final' };
    if (profile.periodClockMin === 0) {
      const halfInnings = Math.floor(state.played * profile.periods * 2);
      const inning = Math.floor(halfInnings / 2) + 1;
      const suffix = inning === 1 ? 'st' : inning === 2 ? 'nd' : inning === 3 ? 'rd' : 'th';
      return { clock: null, period: inning, detail: `${halfInnings % 2 ? 'Bot' : 'Top'} ${inning}${suffix}` };
    }
    const gameMinutes = state.played * profile.periods * profile.periodClockMin;
    const period = Math.min(profile.periods, Math.floor(gameMinutes / profile.periodClockMin) + 1);
    if (!profile.clockCountsDown) {
      const minute = Math.floor(gameMinutes) + 1;
      return { clock: `${minute}'`, period, detail: `${minute}'` };
    }
    const left = profile.periodClockMin * period - gameMinutes;
    const minutes = Math.floor(left);
    const seconds = Math.floor((left - minutes) * 60);
    const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
    return { clock, period, detail: `${clock} - ${period}${['st', 'nd', 'rd'][period - 1] ?? 'th'}` };
  }

  /** The scoreboard of a sport: upcoming, live and recently finished games. */
  scoreboard(sport: string, nowMs: number): ScoreboardEvent[] {
    const profile = this.profile(sport);
    return this.games(sport, nowMs, true).map((game) => {
      const state = this.state(game, nowMs);
      const live = state.phase === 'live';
      const completed = state.phase === 'final';
      const status = gameStatus({ completed, live });
      const { clock, period, detail } = this.clock(profile, state);
      const home = state.phase === 'scheduled' ? null : state.home;
      const away = state.phase === 'scheduled' ? null : state.away;
      const truth = this.view(game, this.simSec(Math.min(nowMs, game.commence)), null);
      const record = (team: string) => {
        const wins = hash32(this.seed, sport, team, 'wins') % 12;
        const losses = hash32(this.seed, sport, team, 'losses') % 10;
        return `${wins}-${losses}`;
      };
      const rank = (team: string) => {
        const r = hash32(this.seed, sport, team, 'rank') % 60;
        return profile.ranked && r < 25 ? r + 1 : undefined;
      };
      const event: ScoreboardEvent = {
        id: game.id,
        event_id: game.id,
        sport_key: sport,
        league: profile.title,
        commence_time: iso(game.commence),
        home_team: game.home,
        away_team: game.away,
        home_record: record(game.home),
        away_record: record(game.away),
        scores: { home, away },
        home_score: home,
        away_score: away,
        completed,
        live,
        status,
        status_type: {
          name: completed ? 'STATUS_FINAL' : live ? 'STATUS_IN_PROGRESS' : 'STATUS_SCHEDULED',
          detail,
          completed,
        },
        clock,
        period,
        odds: { provider: 'Consensus', spread: -roundHalf(truth.marginLeft), overUnder: roundHalf(truth.totalLeft) },
        source: 'simulator',
        last_update: iso(nowMs),
      };
      const homeRank = rank(game.home);
      const awayRank = rank(game.away);
      if (homeRank) event.home_rank = homeRank;
      if (awayRank) event.away_rank = awayRank;
      return event;
    });
  }
}
