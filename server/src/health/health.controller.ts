import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthReport } from '@oddspulse/shared';
import { NoRateLimit } from '../accounts/access/rate-limit.guard';
import { HealthService } from './health.service';
import { ApiAnswer } from '../docs/route-doc';
import { healthSchema, liveAnswerSchema } from '../docs/app-answers';

@Controller('health')
@NoRateLimit()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Liveness: 200 whenever this process answers HTTP, whatever its dependencies. For container health checks and
   * load balancers, which should not take a serving API out because a feed went stale (GET /api/health says that).
   */
  @Get('live')
  @ApiAnswer({ summary: 'The process is up', answer: liveAnswerSchema })
  live(@Res({ passthrough: true }) res: Response): { status: 'ok' } {
    res.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /** 200 when PostgreSQL, Redis and the job queues all answer; 503 naming what is down otherwise. */
  @Get()
  @ApiAnswer({
    summary: 'Each dependency with its state, and everything wrong (503 with the same body when one is down)',
    answer: healthSchema,
  })
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
