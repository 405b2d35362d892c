import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { PlanService, type MeResponse } from './plan.service';

/** GET /api/me (spec 000 §3, DECISIONS 2): the plan in force and the month's usage. */
@Controller('me')
export class MeController {
  constructor(private readonly plans: PlanService) {}

  @Get()
  @RequireAuth()
  me(@CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<MeResponse> {
    res.setHeader('Cache-Control', 'no-store');
    return this.plans.me(user);
  }
}
