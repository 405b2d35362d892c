import { Controller, Get, Query } from '@nestjs/common';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth-user';
import { CurrentUser, RequirePaidPlan, RequirePlatinum } from '../accounts/decorators';
import type { Query as ScanQuery } from '../odds/odds.service';
import { ScannersService, type ScanResponse } from './scanners.service';

/** +EV needs Gold or Platinum; arbitrage and middles are Platinum (spec 001 §6, DECISIONS 14). */
@Controller()
export class ScannersController {
  constructor(private readonly scanners: ScannersService) {}

  @Get('ev')
  @RequirePaidPlan()
  ev(@Query() query: ScanQuery, @CurrentUser() user: AuthUser): Promise<ScanResponse<EvBet>> {
    return this.scanners.ev(query, user.access);
  }

  @Get('arbitrage')
  @RequirePlatinum()
  arbitrage(@Query() query: ScanQuery, @CurrentUser() user: AuthUser): Promise<ScanResponse<ArbitrageOpportunity>> {
    return this.scanners.arbitrage(query, user.access);
  }

  @Get('middles')
  @RequirePlatinum()
  middles(@Query() query: ScanQuery, @CurrentUser() user: AuthUser): Promise<ScanResponse<MiddleOpportunity>> {
    return this.scanners.middles(query, user.access);
  }
}
