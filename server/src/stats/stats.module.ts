import { Module } from '@nestjs/common';
import { LiveBoardsModule } from '../odds/live-boards.module';
import { LandingStatsController } from './landing-stats.controller';
import { LandingStatsService, STATS_CLOCK } from './landing-stats.service';
import { StatsDataModule } from './stats-data.module';

/** Public product figures: the landing page's live stats. */
@Module({
  imports: [LiveBoardsModule, StatsDataModule],
  controllers: [LandingStatsController],
  providers: [LandingStatsService, { provide: STATS_CLOCK, useValue: () => Date.now() }],
})
export class StatsModule {}
