import { Inject, Injectable } from '@nestjs/common';
import { gameDay, type BoardEvent, type ScoreboardEvent } from '@oddspulse/shared';
import { APP_CONFIG, type AppConfig } from '@oddspulse/core';
import { FeedError } from '../feeds/feed-errors';
import type { EventIntake, OddsProvider, ScoresProvider } from '../feeds/providers';
import { CLOCK, Clock } from '../feeds/clock';
import { MarketSimulator } from './market-simulator';

/**
 * One simulator per process; it holds no state, so every process computes the same market. A sport named
 * in SIMULATOR_SPORT_TIME_SCALES is played by a simulator of its own at that scale (sports never share
 * games, so each can keep its own clock), e.g. one league fast enough for a game to finish within a demo.
 */
@Injectable()
export class SimulatorService {
  private readonly markets = new Map<string, MarketSimulator>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const shared = new MarketSimulator(config.SIMULATOR_SEED, config.SIMULATOR_TIME_SCALE);
    for (const sport of MarketSimulator.sports()) {
      const scale = config.SIMULATOR_SPORT_TIME_SCALES[sport];
      this.markets.set(sport, scale === undefined ? shared : new MarketSimulator(config.SIMULATOR_SEED, scale));
    }
  }

  /** The simulator that plays a sport. */
  market(sport: string): MarketSimulator {
    const market = this.markets.get(sport);
    if (!market) throw new FeedError('invalid_request', `The simulator has no sport ${sport}`, false);
    return market;
  }
}

/** The simulator as both feeds: one market per sport gives its odds, props and scores at the clock's time. */
@Injectable()
export class SimulatorProvider implements OddsProvider, ScoresProvider {
  readonly name = 'simulator' as const;

  constructor(
    private readonly simulator: SimulatorService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async fetchOdds(sport: string, eventIds: readonly string[] | null, intake: EventIntake): Promise<BoardEvent[]> {
    const board = this.simulator.market(sport).oddsBoard(sport, this.clock());
    const wanted = eventIds && new Set(eventIds);
    return (wanted ? board.filter((e) => wanted.has(e.id)) : board).map(intake);
  }

  async fetchProps(sport: string): Promise<BoardEvent[]> {
    return this.simulator.market(sport).propsBoard(sport, this.clock());
  }

  async fetchScores(sport: string): Promise<ScoreboardEvent[]> {
    return this.simulator.market(sport).scoreboard(sport, this.clock());
  }

  /** The games of its scoreboard starting on a US Eastern day (its board holds the recently finished ones). */
  async fetchScoresOn(sport: string, day: string): Promise<ScoreboardEvent[]> {
    return (await this.fetchScores(sport)).filter((game) => gameDay(game.commence_time) === day);
  }
}
