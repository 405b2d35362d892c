import type { BoardBookmaker, BoardEvent, BoardMarket, ScoreboardEvent } from '@oddspulse/shared';
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
 * The built-in market: a pure function of the seed, the time scale and the wall clock, so every worker
 * process that asks at the same moment gets the same board and nothing needs to be kept between polls.
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

  constructor(
    readonly seed: number,
    readonly timeScale = 1,
    readonly books: readonly BookProfile[] = BOOK_PROFILES,
    private readonly profiles: Record<string, SportProfile> = SPORT_PROFILES,
  ) {
    this.clock = new SimClock(seed, timeScale);
    this.schedule = new GameSchedule(this.clock);
    this.progress = new GameProgress(this.clock);
    this.records = new TeamRecords(this.clock, this.schedule, this.progress);
  }

  static sports(): string[] {
    return Object.keys(SPORT_PROFILES);
  }

  private profile(sport: string): SportProfile {
    const profile = this.profiles[sport];
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

  /** Straight bets of every upcoming and live game of a sport. */
  oddsBoard(sport: string, nowMs: number): BoardEvent[] {
    const nowSim = this.clock.simSec(nowMs);
    return this.games(sport, nowMs).map((game) => {
      const live = this.state(game, nowMs).phase === 'live';
      const truthNow = this.state(game, nowMs);
      const bookmakers: BoardBookmaker[] = [];
      for (const book of this.books) {
        if (book.dfs) continue;
        const at = this.bookTime(book, game, nowSim, live);
        const seen = this.state(game, this.clock.realMs(at.seen));
        // A book that has not caught up with a score suspends its live markets, as real books do.
        if (live && (seen.home !== truthNow.home || seen.away !== truthNow.away || seen.phase !== 'live')) continue;
        const lastUpdate = iso(this.clock.realMs(at.updated));
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
        bookmakers.push(this.bookmaker(game, book, lastUpdate, markets));
      }
      return this.event(game, bookmakers);
    });
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
