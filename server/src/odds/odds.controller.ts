import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Sport, SportBoard } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth-user';
import { CurrentUser, MeteredOddsData, RequireAuth } from '../accounts/decorators';
import { setBoardHeaders } from './board-headers';
import { OddsHistoryService, type OddsHistoryBookmaker } from './odds-history.service';
import { OddsService, type Query as OddsQuery } from './odds.service';
import type { ApiGame } from './odds-view';

/** Spec 001 §7 odds calls and spec 002 §7 odds history. All need a signed-in user; odds data is metered for the free plan. */
@Controller()
export class OddsController {
  constructor(
    private readonly odds: OddsService,
    private readonly history: OddsHistoryService,
  ) {}

  @Get('sports')
  @MeteredOddsData()
  sports(): Promise<Sport[]> {
    return this.odds.sports();
  }

  @Get('events')
  @MeteredOddsData()
  async events(@Query() query: OddsQuery, @Res({ passthrough: true }) res: Response) {
    const { body, boards } = await this.odds.events(query);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('odds')
  @MeteredOddsData()
  async list(@Query() query: OddsQuery, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<ApiGame[]> {
    const { body, boards } = await this.odds.odds(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('odds-data')
  @MeteredOddsData()
  async oddsData(@Query() query: OddsQuery, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<ApiGame[]> {
    const { body, boards } = await this.odds.oddsData(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('player-props')
  @MeteredOddsData()
  async playerProps(@Query() query: OddsQuery, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response) {
    const { body, boards } = await this.odds.playerProps(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('cached-odds/:sport')
  @MeteredOddsData()
  async cachedOdds(@Param('sport') sport: string, @Query() query: OddsQuery, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<SportBoard> {
    const board = await this.odds.cachedOdds(sport, query, user.access);
    setBoardHeaders(res, [{ sport: board.sport_key, fetched_at: board.fetched_at, stale_since: board.stale_since ?? null }]);
    return board;
  }

  /** Spec 002 §7: the game modal's line movement, for signed-in users. */
  @Get('odds-history')
  @RequireAuth()
  oddsHistory(@Query() query: OddsQuery): Promise<OddsHistoryBookmaker[]> {
    return this.history.history(query);
  }
}
