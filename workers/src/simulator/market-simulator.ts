import {
  parseIsoTime,
  sameQuote,
  type BoardBookmaker,
  type BoardEvent,
  type BoardMarket,
  type ScoreboardEvent,
} from '@oddspulse/shared';
import { BOOK_PROFILES, type BookProfile } from './sim-books';
import { iso, SimClock } from './sim-clock';
import { gameMarkets } from './sim-game-markets';
import { GameProgress, type GameState } from './sim-game-state';
import { gameView } from './sim-pricing';
import { playerNames, propMarkets } from './sim-props';
import { simulatedLinks } from './sim-links';
import { hash32 } from './sim-random';
import { GameSchedule, type SimGame } from './sim-schedule';
import { TeamRecords } from './sim-records';
import { scoreboardEvent } from './sim-scoreboard';
import { SPORT_PROFILES, type SportProfile } from './sim-sports';

export { DFS_DECIMAL } from './sim-props';
export type { SimGame } from './sim-schedule';

/** Finished games stay on the scoreboard this long (simulated minutes), for settlement. */
const FINAL_LINGER_MIN = 360;

/**
 * The built-in market: its prices are a pure function of the seed, the time scale and the wall clock, so every worker
 * process that asks at the same moment gets the same prices; only a market's update time depends on what this
 * instance quoted before (kept until the price moves, as a real feed keeps it).
 * Each game has a hidden true strength that drifts (sim-schedule, sim-pricing); scores come from seeded
 * Poisson draws per scoring slot (sim-game-state); each book prices its own (noisy, lagged) view of the truth
 * with its own margin and rounding (sim-game-markets, sim-props). This class puts the parts together into the
 * three feeds: the straight-bets board, the props board and the scoreboard.
 */
export class MarketSimulator {
  private readonly clock: SimClock;
  private readonly schedule: GameSchedule;
  private readonly progress: GameProgress;
  private readonly records: TeamRecords;
  /**
   * Per sport, the markets a polled board last quoted, by game and then book and market: a market whose prices have
   * not moved since keeps that quote and its time, as a real feed's does (a book reprices every few seconds, but
   * stamps only the markets it moved). Games off the board are dropped at each board.
   */
  private readonly quoted = new Map<string, Map<string, Map<string, BoardMarket>>>();

  constructor(
    readonly seed: number,
    readonly timeScale = 1,
    readonly books: readonly BookProfile[] = BOOK_PROFILES,
    private readonly profiles: ReadonlyMap<string, SportProfile> = SPORT_PROFILES,
  ) {
    this.clock = new SimClock(seed, timeScale);
    this.schedule = new GameSchedule(this.clock);
    this.progress = new GameProgress(this.clock);
    this.records = new TeamRecords(this.clock, this.schedule, this.progress);
  }

  static sports(): string[] {
    return [...SPORT_PROFILES.keys()];
  }

  private profile(sport: string): SportProfile {
    const profile = this.profiles.get(sport);
    if (!profile) throw new Error(`The simulator has no sport ${sport}`);
    return profile;
  }

  /** Games whose start falls in (now − lengthBack, now + lookahead], in start order. */
  games(sport: string, nowMs: number, includeFinals = false): SimGame[] {
    const profile = this.profile(sport);
    const back = (profile.durationMin + (includeFinals ? FINAL_LINGER_MIN : 0)) * 60;
    const games = this.schedule.startingAround(profile, nowMs, back);
    return includeFinals ? games : games.filter((game) => this.state(game, nowMs).phase !== 'final');
  }

  state(game: SimGame, nowMs: number): GameState {
    return this.progress.state(game, nowMs);
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

  /** One book's markets of a game, with the book's links to them. */
  private bookmaker(game: SimGame, book: BookProfile, lastUpdate: string, markets: BoardMarket[]): BoardBookmaker {
    return {
      key: book.key,
      title: book.title,
      last_update: lastUpdate,
      ...simulatedLinks(this.seed, game, book.key, markets),
    };
  }

  /**
   * Straight bets of every upcoming and live game of a sport. The stream's options: `movedSince` (real ms) keeps, of
   * each game, the books whose update came after it (what the stream pushes then); `exactTimes` writes each book's
   * update time to the millisecond, as a stream's quote timestamps are, not to the second as the polled feeds'.
   */
  oddsBoard(sport: string, nowMs: number, options: { movedSince?: number; exactTimes?: boolean } = {}): BoardEvent[] {
    const nowSim = this.clock.simSec(nowMs);
    const sinceSim = options.movedSince === undefined ? null : this.clock.simSec(options.movedSince);
    const time = options.exactTimes ? (ms: number) => new Date(ms).toISOString() : iso;
    const games = this.games(sport, nowMs);
    // The stream sends what moved, each with its own time, so it keeps no quotes of its own here.
    const quoted = options.movedSince === undefined && !options.exactTimes ? this.quotedOf(sport, games) : null;
    return games.map((game) => {
      const live = this.state(game, nowMs).phase === 'live';
      const truthNow = this.state(game, nowMs);
      const bookmakers: BoardBookmaker[] = [];
      for (const book of this.books) {
        if (book.dfs) continue;
        const at = this.bookTime(book, game, nowSim, live);
        if (sinceSim !== null && at.updated <= this.bookTime(book, game, sinceSim, live).updated) continue;
        const seen = this.state(game, this.clock.realMs(at.seen));
        // A book that has not caught up with a score suspends its live markets, as real books do.
        if (live && (seen.home !== truthNow.home || seen.away !== truthNow.away || seen.phase !== 'live')) continue;
        const lastUpdate = time(this.clock.realMs(at.updated));
        const view = gameView(this.clock, this.progress, game, at.seen, book, live ? at.updated : at.seen, at.updated);
        // Before the game a book holds its numbers for its hold time after the market moves them (live it moves at once).
        const lineView =
          live || !book.holdSec
            ? view
            : gameView(
                this.clock,
                this.progress,
                game,
                at.seen - book.holdSec,
                book,
                at.seen,
                at.updated - book.holdSec,
              );
        const markets = gameMarkets(this.seed, game, book, view, live, lineView).map((m) => ({
          ...m,
          last_update: lastUpdate,
        }));
        const made = this.bookmaker(game, book, lastUpdate, markets);
        bookmakers.push(quoted ? keepQuotes(quoted, game.id, made) : made);
      }
      return this.event(game, bookmakers);
    });
  }

  /** The sport's quotes of polled boards, those of games no longer in `games` dropped. */
  private quotedOf(sport: string, games: readonly SimGame[]): Map<string, Map<string, BoardMarket>> {
    let quoted = this.quoted.get(sport);
    if (!quoted) this.quoted.set(sport, (quoted = new Map()));
    const listed = new Set(games.map((game) => game.id));
    for (const id of quoted.keys()) if (!listed.has(id)) quoted.delete(id);
    return quoted;
  }

  /** When the next book moves a price of one of the sport's games (real ms): the stream wakes then. */
  nextMove(sport: string, nowMs: number): number {
    const nowSim = this.clock.simSec(nowMs);
    let next = Infinity;
    for (const game of this.games(sport, nowMs))
      for (const book of this.books) {
        if (book.dfs) continue;
        next = Math.min(next, this.bookTime(book, game, nowSim, false).updated + book.updateSec);
      }
    return this.clock.realMs(next);
  }

  /** Player props of every upcoming game of a sport (taken down at kick-off). */
  propsBoard(sport: string, nowMs: number): BoardEvent[] {
    const nowSim = this.clock.simSec(nowMs);
    return this.games(sport, nowMs)
      .filter((game) => this.state(game, nowMs).phase === 'scheduled')
      .map((game) => {
        const names = playerNames(this.seed, game);
        const bookmakers: BoardBookmaker[] = [];
        for (const book of this.books) {
          if (!book.props) continue;
          const { updated, seen: at } = this.bookTime(book, game, nowSim, false);
          const lastUpdate = iso(this.clock.realMs(updated));
          const markets = propMarkets(this.seed, game, book, names, at, lastUpdate);
          bookmakers.push(this.bookmaker(game, book, lastUpdate, markets));
        }
        return this.event(game, bookmakers);
      });
  }

  /** The scoreboard of a sport: upcoming, live and recently finished games. */
  scoreboard(sport: string, nowMs: number): ScoreboardEvent[] {
    return this.games(sport, nowMs, true).map((game) => {
      const truth = gameView(this.clock, this.progress, game, this.clock.simSec(Math.min(nowMs, game.commence)), null);
      const records = {
        home: this.records.record(game.sport, game.home, nowMs),
        away: this.records.record(game.sport, game.away, nowMs),
      };
      return scoreboardEvent(this.seed, sport, game, this.state(game, nowMs), truth, nowMs, records);
    });
  }
}

/**
 * The book's markets with each unmoved one as last quoted (its time kept), the others quoted now; the book's time is
 * its newest market's. A quote from a later time than this board's (a board asked for an earlier moment) is replaced.
 */
function keepQuotes(
  quoted: Map<string, Map<string, BoardMarket>>,
  gameId: string,
  book: BoardBookmaker,
): BoardBookmaker {
  let game = quoted.get(gameId);
  if (!game) quoted.set(gameId, (game = new Map()));
  let newest = '';
  let newestMs = -Infinity;
  const markets = book.markets.map((market) => {
    const key = `${book.key}\t${market.key}`;
    const last = game.get(key);
    const kept =
      last && sameQuote(last, market) && parseIsoTime(last.last_update) <= parseIsoTime(market.last_update)
        ? last
        : market;
    if (kept === market) game.set(key, market);
    const at = parseIsoTime(kept.last_update);
    if (at > newestMs) [newest, newestMs] = [kept.last_update, at];
    return kept;
  });
  return { ...book, last_update: newest || book.last_update, markets };
}
