import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { EmailVerificationService } from '../verification/email-verification.service';
import { PlanService, type MeResponse } from './plan.service';
import { ApiAnswer } from '../../docs/route-doc';
import { meAnswerSchema } from '../../docs/account-answers';

/** GET /api/me (spec 000 §3, DECISIONS 2): the plan in force and the month's usage. */
@Controller('me')
export class MeController {
  constructor(
    private readonly plans: PlanService,
    private readonly verification: EmailVerificationService,
  ) {}

  /** The plan and usage, and whether the address is verified (the client offers to send the link when it is not). */
  @Get()
  @ApiAnswer({ summary: 'The signed-in user: plan, usage this month, role', answer: meAnswerSchema })
  @RequireAuth()
  async me(
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeResponse & { email_verified: boolean }> {
    res.setHeader('Cache-Control', 'no-store');
    const [me, verified] = await Promise.all([this.plans.me(user), this.verification.verified(user.id)]);
    return { ...me, email_verified: verified };
  }
}
