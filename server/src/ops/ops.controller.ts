import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { OpsOverview } from '@oddspulse/shared';
import { RequireOpsViewer } from '../accounts/access/decorators';
import { OpsOverviewService } from './ops-overview.service';
import { ApiAnswer } from '../docs/route-doc';
import { opsOverviewSchema } from '../docs/app-answers';

/** GET /api/ops/overview: the operations page's first load, and its fallback while live updates are not arriving. */
@Controller('ops')
export class OpsController {
  constructor(private readonly overview: OpsOverviewService) {}

  /** Always 200 with what could be read; a dependency that is down is named in `dependencies` and `problems`. */
  @Get('overview')
  @ApiAnswer({
    summary: 'The operations overview: dependencies, workers, feeds, credits, queues, sockets',
    answer: opsOverviewSchema,
  })
  @RequireOpsViewer()
  get(@Res({ passthrough: true }) res: Response): Promise<OpsOverview> {
    res.setHeader('Cache-Control', 'no-store');
    return this.overview.build();
  }
}
