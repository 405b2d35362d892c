import { Controller, Get, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { LandingStats } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { LANDING_STATS_CACHE_MS, LandingStatsService } from './landing-stats.service';
import { ApiAnswer } from '../docs/route-doc';
import { landingStatsSchema } from '../docs/app-answers';

/** GET /api/stats/landing: the landing page's live figures (DECISIONS 17), public. */
@Controller('stats')
export class LandingStatsController {
  private readonly logger = new Logger(LandingStatsController.name);

  constructor(private readonly stats: LandingStatsService) {}

  @Get('landing')
  @ApiAnswer({ summary: "The landing page's live figures (DECISIONS 17)", answer: landingStatsSchema })
  async landing(@Res({ passthrough: true }) res: Response): Promise<LandingStats> {
    try {
      const stats = await this.stats.stats();
      res.setHeader('Cache-Control', `public, max-age=${LANDING_STATS_CACHE_MS / 1000}`);
      return stats;
    } catch (error) {
      // The page shows its own fallback; the cause goes to the log, not to the visitor.
      this.logger.error(`Landing figures could not be read: ${(error as Error).message}`);
      throw ApiErrors.unavailable('Live figures are unavailable right now.', 'STATS_UNAVAILABLE');
    }
  }
}
