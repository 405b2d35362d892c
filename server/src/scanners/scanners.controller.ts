import { Controller, Get, Query } from '@nestjs/common';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequirePaidPlan, RequirePlatinum } from '../accounts/access/decorators';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { arbitrageQuerySchema, evQuerySchema, middlesQuerySchema, type ArbitrageQuery, type EvQuery, type MiddlesQuery } from './scanners.dto';
import { ScannersService, type ScanResponse } from './scanners.service';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';

/** +EV needs Gold or Platinum; arbitrage and middles are Platinum (spec 001 §6, DECISIONS 14). */
@Controller()
@AcceptsApiKey() // personal API keys read these too (DECISIONS 5)
export class ScannersController {
  constructor(private readonly scanners: ScannersService) {}

  @Get('ev')
  @RequirePaidPlan()
  ev(@Query(new ZodValidationPipe(evQuerySchema)) query: EvQuery, @CurrentUser() user: AuthUser): Promise<ScanResponse<EvBet>> {
    return this.scanners.ev(query, user.access);
  }

  @Get('arbitrage')
  @RequirePlatinum()
  arbitrage(
    @Query(new ZodValidationPipe(arbitrageQuerySchema)) query: ArbitrageQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<ScanResponse<ArbitrageOpportunity>> {
    return this.scanners.arbitrage(query, user.access);
  }

  @Get('middles')
  @RequirePlatinum()
  middles(@Query(new ZodValidationPipe(middlesQuerySchema)) query: MiddlesQuery, @CurrentUser() user: AuthUser): Promise<ScanResponse<MiddleOpportunity>> {
    return this.scanners.middles(query, user.access);
  }
}
