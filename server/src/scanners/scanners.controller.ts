import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequirePaidPlan, RequirePlatinum } from '../accounts/access/decorators';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  arbitrageQuerySchema,
  evQuerySchema,
  middlesQuerySchema,
  type ArbitrageQuery,
  type EvQuery,
  type MiddlesQuery,
} from './scanners.dto';
import { ScannersService } from './scanners.service';
import { sendView } from '../view-cache/view-cache';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';
import { ApiAnswer } from '../docs/route-doc';
import { arbitrageAnswerSchema, evAnswerSchema, middlesAnswerSchema } from '../docs/answers';
import { ApiErrors } from '../errors/api-errors';

/** A scan none of whose sports has a board yet. */
const noBoards = [() => ApiErrors.boardUnavailable('odds', ['basketball_nba'])];

/** +EV needs Gold or Platinum; arbitrage and middles are Platinum (spec 001 §6, DECISIONS 14). */
@Controller()
@AcceptsApiKey() // personal API keys read these too (DECISIONS 5)
export class ScannersController {
  constructor(private readonly scanners: ScannersService) {}

  @Get('ev')
  @RequirePaidPlan()
  @ApiAnswer({ summary: '+EV bets, best first', answer: evAnswerSchema, errors: noBoards })
  async ev(
    @Query(new ZodValidationPipe(evQuerySchema)) query: EvQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendView(req, res, await this.scanners.evView(query, user.access));
  }

  @Get('arbitrage')
  @RequirePlatinum()
  @ApiAnswer({
    summary: 'Arbitrage opportunities, stakes sized for the bankroll and max stake given',
    answer: arbitrageAnswerSchema,
    errors: noBoards,
  })
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
  @ApiAnswer({
    summary: 'Middles, stakes sized for the bankroll and max stake given',
    answer: middlesAnswerSchema,
    errors: noBoards,
  })
  async middles(
    @Query(new ZodValidationPipe(middlesQuerySchema)) query: MiddlesQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await sendView(req, res, await this.scanners.middlesView(query, user.access));
  }
}
