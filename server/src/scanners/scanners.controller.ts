import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequirePaidPlan, RequirePlatinum } from '../accounts/access/decorators';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { arbitrageQuerySchema, evQuerySchema, middlesQuerySchema, type ArbitrageQuery, type EvQuery, type MiddlesQuery } from './scanners.dto';
import { ScannersService } from './scanners.service';
import { sendView } from '../view-cache/view-cache';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';

/** +EV needs Gold or Platinum; arbitrage and middles are Platinum (spec 001 §6, DECISIONS 14). */
@Controller()
@AcceptsApiKey() // personal API keys read these too (DECISIONS 5)
export class ScannersController {
  constructor(private readonly scanners: ScannersService) {}

  @Get('ev')
  @RequirePaidPlan()
  async ev(@Query(new ZodValidationPipe(evQuerySchema)) query: EvQuery, @CurrentUser() user: AuthUser, @Req() req: Request, @Res() res: Response) {
    await sendView(req, res, await this.scanners.evView(query, user.access));
  }

  @Get('arbitrage')
  @RequirePlatinum()
  async arbitrage(
    @Query(new ZodValidationPipe(arbitrageQuerySchema)) query: ArbitrageQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendView(req, res, await this.scanners.arbitrageView(query, user.access));
  }

  @Get('middles')
  @RequirePlatinum()
  async middles(
    @Query(new ZodValidationPipe(middlesQuerySchema)) query: MiddlesQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendView(req, res, await this.scanners.middlesView(query, user.access));
  }
}
