import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SecurityActivityEntry } from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { securityActivityQuerySchema, type SecurityActivityQuery } from './audit.dto';
import { AuditService } from './audit.service';
import { ApiAnswer } from '../../docs/route-doc';
import { securityActivitySchema } from '../../docs/account-answers';

/** The signed-in user's own security history, newest first, a page at a time (shown on /account). */
@Controller('account/security-activity')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @ApiAnswer({ summary: "The account's security activity, newest first", answer: securityActivitySchema })
  @RequireAuth()
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(securityActivityQuerySchema)) query: SecurityActivityQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SecurityActivityEntry[]> {
    res.setHeader('Cache-Control', 'no-store');
    return this.audit.recentFor(user.id, query);
  }
}
