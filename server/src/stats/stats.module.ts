import { Module } from '@nestjs/common';
import { LandingStatsController } from './landing-stats.controller';
import { LandingStatsService, STATS_CLOCK } from './landing-stats.service';

/** Public product figures: the landing page's live stats. */
@Module({
  controllers: [LandingStatsController],
  providers: [LandingStatsService, { provide: STATS_CLOCK, useValue: () => Date.now() }],
})
export class StatsModule {}
