import { Inject, Injectable } from '@nestjs/common';
import type { BoardEvent, ScoreboardEvent } from '@oddspulse/shared';
import { APP_CONFIG } from '@oddspulse/server/config/config.module';
import type { AppConfig } from '@oddspulse/server/config/config.schema';
import { FeedError } from '../feeds/feed-errors';
import type { OddsProvider, ScoresProvider } from '../feeds/providers';
import { CLOCK, Clock } from '../feeds/clock';
import { MarketSimulator } from './market-simulator';

/** One simulator per process; it holds no state, so every process computes the same market. */
@Injectable()
export class SimulatorService {
  readonly market: MarketSimulator;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.market = new MarketSimulator(config.SIMULATOR_SEED, config.SIMULATOR_TIME_SCALE);
  }

  supports(sport: string): boolean {
    return MarketSimulator.sports().includes(sport);
  }

  assertSupported(sport: string): void {
    if (!this.supports(sport)) throw new FeedError('invalid_request', `The simulator has no sport ${sport}`, false);
  }
}

@Injectable()
export class SimulatorOddsProvider implements OddsProvider {
  readonly name = 'simulator' as const;

  constructor(
    private readonly simulator: SimulatorService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async fetchOdds(sport: string): Promise<BoardEvent[]> {
    this.simulator.assertSupported(sport);
    return this.simulator.market.oddsBoard(sport, this.clock());
  }

  async fetchProps(sport: string): Promise<BoardEvent[]> {
    this.simulator.assertSupported(sport);
    return this.simulator.market.propsBoard(sport, this.clock());
  }
}

@Injectable()
export class SimulatorScoresProvider implements ScoresProvider {
  readonly name = 'simulator' as const;

  constructor(
    private readonly simulator: SimulatorService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async fetchScores(sport: string): Promise<ScoreboardEvent[]> {
    this.simulator.assertSupported(sport);
    return this.simulator.market.scoreboard(sport, this.clock());
  }
}
