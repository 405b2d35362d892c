import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthReport } from '@oddspulse/shared';
import { NoRateLimit } from '../accounts/access/rate-limit.guard';
import { HealthService } from './health.service';

@Controller('health')
@NoRateLimit()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * Liveness: 200 whenever this process answers HTTP, whatever its dependencies. For container health checks and
   * load balancers, which should not take a serving API out because a feed went stale (GET /api/health says that).
   */
  @Get('live')
  live(@Res({ passthrough: true }) res: Response): { status: 'ok' } {
    res.setHeader('Cache-Control', 'no-store');
    return { status: 'ok' };
  }

  /** 200 when PostgreSQL, Redis and the job queues all answer; 503 naming what is down otherwise. */
  @Get()
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
