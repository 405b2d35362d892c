import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiGame, Sport, SportBoard } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, MeteredOddsData, RequireAuth } from '../accounts/access/decorators';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { setBoardHeaders } from './board-headers';
import {
  boardsQuerySchema,
  cachedOddsQuerySchema,
  eventsQuerySchema,
  oddsDataQuerySchema,
  oddsHistoryQuerySchema,
  oddsQuerySchema,
  playerPropsQuerySchema,
  sportKey,
  type BoardsQuery,
  type CachedOddsQuery,
  type OddsDataQuery,
  type OddsHistoryQuery,
  type OddsQuery,
  type PlayerPropsQuery,
} from './odds.dto';
import { OddsHistoryService, type OddsHistoryBookmaker } from './odds-history.service';
import { OddsService } from './odds.service';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';

/** Spec 001 §7 odds calls and spec 002 §7 odds history. All need a signed-in user; odds data is metered for the free plan. */
@Controller()
@AcceptsApiKey() // personal API keys read these too (DECISIONS 5)
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
  async events(@Query(new ZodValidationPipe(eventsQuerySchema)) query: { sport: string }, @Res({ passthrough: true }) res: Response) {
    const { body, boards } = await this.odds.events(query.sport);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('odds')
  @MeteredOddsData()
  async list(
    @Query(new ZodValidationPipe(oddsQuerySchema)) query: OddsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiGame[]> {
    const { body, boards } = await this.odds.odds(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('odds-data')
  @MeteredOddsData()
  async oddsData(
    @Query(new ZodValidationPipe(oddsDataQuerySchema)) query: OddsDataQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiGame[]> {
    const { body, boards } = await this.odds.oddsData(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('player-props')
  @MeteredOddsData()
  async playerProps(
    @Query(new ZodValidationPipe(playerPropsQuerySchema)) query: PlayerPropsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { body, boards } = await this.odds.playerProps(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  /** Issue 19: the browser's first load, in the shape its socket then patches (the boards), not The Odds API's. */
  @Get('boards')
  @MeteredOddsData()
  async boards(
    @Query(new ZodValidationPipe(boardsQuerySchema)) query: BoardsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ boards: SportBoard[] }> {
    const { body, boards } = await this.odds.storedBoards(query, user.access);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('cached-odds/:sport')
  @MeteredOddsData()
  async cachedOdds(
    @Param('sport', new ZodValidationPipe(sportKey)) sport: string,
    @Query(new ZodValidationPipe(cachedOddsQuerySchema)) query: CachedOddsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SportBoard> {
    const board = await this.odds.cachedOdds(sport, query, user.access);
    setBoardHeaders(res, [{ sport: board.sport_key, fetched_at: board.fetched_at, stale_since: board.stale_since ?? null }]);
    return board;
  }

  /** Spec 002 §7: the game modal's line movement, for signed-in users. */
  @Get('odds-history')
  @RequireAuth()
  oddsHistory(@Query(new ZodValidationPipe(oddsHistoryQuerySchema)) query: OddsHistoryQuery): Promise<OddsHistoryBookmaker[]> {
    return this.history.history(query);
  }
}
