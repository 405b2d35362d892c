import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig, LiveStateRepository } from '@oddspulse/core';
import { AlertsWorkersModule } from '../alerts/alerts-workers.module';
import { DetectionService } from '../detection/detection.service';
import { OddsHistoryWriterService } from '../odds/odds-history-writer.service';
import { OddsPipelineService } from '../odds/odds-pipeline.service';
import { OddsStreamService } from '../odds/stream/odds-stream.service';
import { StreamOddsProvider } from '../odds/stream/stream-odds.provider';
import { CreditLedgerService } from '../odds/the-odds-api/credit-ledger.service';
import { TheOddsApiClient } from '../odds/the-odds-api/the-odds-api.client';
import { TheOddsApiOddsProvider } from '../odds/the-odds-api/the-odds-api.odds-provider';
import { TheOddsApiScoresProvider } from '../odds/the-odds-api/the-odds-api.scores-provider';
import { FeedsSchedulerService } from '../schedule/feeds-scheduler.service';
import { LateBoardsService } from '../schedule/late-boards.service';
import { EspnScoresProvider } from '../scores/espn/espn.scores-provider';
import { ScoresPipelineService } from '../scores/scores-pipeline.service';
import { SimulatorProvider, SimulatorService } from '../simulator/simulator.providers';
import { SteamWorkersModule } from '../steam/steam.module';
import { CLOCK, systemClock } from './clock';
import { FeedGate } from './feed-gate';
import { PollSummary } from './poll-summary';
import { ODDS_PROVIDER, SCORES_PROVIDER } from './providers';

/** The pipeline: providers chosen by ODDS_PROVIDER / SCORES_PROVIDER, polls, boards, history, detection. */
@Module({
  imports: [AlertsWorkersModule, SteamWorkersModule],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    FeedGate,
    PollSummary,
    SimulatorService,
    SimulatorProvider,
    CreditLedgerService,
    TheOddsApiClient,
    TheOddsApiOddsProvider,
    TheOddsApiScoresProvider,
    EspnScoresProvider,
    StreamOddsProvider,
    {
      provide: ODDS_PROVIDER,
      inject: [APP_CONFIG, SimulatorProvider, TheOddsApiOddsProvider, StreamOddsProvider],
      useFactory: (
        config: AppConfig,
        simulator: SimulatorProvider,
        api: TheOddsApiOddsProvider,
        stream: StreamOddsProvider,
      ) => ({ simulator, theoddsapi: api, stream })[config.ODDS_PROVIDER],
    },
    {
      provide: SCORES_PROVIDER,
      inject: [APP_CONFIG, SimulatorProvider, EspnScoresProvider, TheOddsApiScoresProvider],
      useFactory: (
        config: AppConfig,
        simulator: SimulatorProvider,
        espn: EspnScoresProvider,
        api: TheOddsApiScoresProvider,
      ) => ({ simulator, espn, theoddsapi: api })[config.SCORES_PROVIDER],
    },
    LiveStateRepository,
    DetectionService,
    OddsPipelineService,
    OddsStreamService,
    OddsHistoryWriterService,
    ScoresPipelineService,
    FeedsSchedulerService,
    LateBoardsService,
  ],
  exports: [
    OddsPipelineService,
    OddsStreamService,
    ScoresPipelineService,
    LiveStateRepository,
    ODDS_PROVIDER,
    SCORES_PROVIDER,
    CLOCK,
    FeedGate,
  ],
})
export class FeedsModule {}
