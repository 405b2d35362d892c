import { Controller, Get, Query } from '@nestjs/common';
import type { ArbitrageOpportunity, EvBet, MiddleOpportunity } from '@oddspulse/shared';
import { RequirePaidPlan, RequirePlatinum } from '../accounts/decorators';
import type { Query as ScanQuery } from '../odds/odds.service';
import { ScannersService, type ScanResponse } from './scanners.service';

/** +EV needs Gold or Platinum; arbitrage and middles are Platinum (spec 001 §6, DECISIONS 14). */
@Controller()
export class ScannersController {
  constructor(private readonly scanners: ScannersService) {}

  @Get('ev')
  @RequirePaidPlan()
  ev(@Query() query: ScanQuery): Promise<ScanResponse<EvBet>> {
    return this.scanners.ev(query);
  }

  @Get('arbitrage')
  @RequirePlatinum()
  arbitrage(@Query() query: ScanQuery): Promise<ScanResponse<ArbitrageOpportunity>> {
    return this.scanners.arbitrage(query);
  }

  @Get('middles')
  @RequirePlatinum()
  middles(@Query() query: ScanQuery): Promise<ScanResponse<MiddleOpportunity>> {
    return this.scanners.middles(query);
  }
}
