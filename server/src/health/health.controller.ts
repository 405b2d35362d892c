import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { HealthReport } from '@oddspulse/shared';
import { NoRateLimit } from '../accounts/access/rate-limit.guard';
import { HealthService } from './health.service';

@Controller('health')
@NoRateLimit()
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when PostgreSQL, Redis and the job queues all answer; 503 naming what is down otherwise. */
  @Get()
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503);
    res.setHeader('Cache-Control', 'no-store');
    return report;
  }
}
