import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SecurityActivityEntry } from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { securityActivityQuerySchema, type SecurityActivityQuery } from './audit.dto';
import { AuditService } from './audit.service';

/** The signed-in user's own security history, newest first, a page at a time (shown on /account). */
@Controller('account/security-activity')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
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
