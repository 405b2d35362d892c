import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { LineHistoryBook, Sport, SportBoard } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, MeteredOddsData, MeteredOddsDataUnlessPaidRequired } from '../accounts/access/decorators';
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
import { OddsService, type ServedView } from './odds.service';
import { sendView } from '../view-cache/view-cache';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';
import { ApiAnswer } from '../docs/route-doc';
import {
  boardsAnswerSchema,
  eventHeaderSchema,
  apiGameSchema,
  oddsHistoryAnswerSchema,
  playerPropsAnswerSchema,
  sportBoardSchema,
  sportSchema,
} from '../docs/answers';
import { ApiErrors } from '../errors/api-errors';

/** What a route reading boards answers for a sport not polled (400) or whose board is not written yet (503). */
const boardErrors = (kind: 'odds' | 'props') => [
  () => ApiErrors.unsupportedSport(['cricket_ipl']),
  () => ApiErrors.boardUnavailable(kind, ['basketball_nba']),
];

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
  @ApiAnswer({ summary: 'The polled sports', answer: z.array(sportSchema) })
  sports(): Promise<Sport[]> {
    return this.odds.sports();
  }

  @Get('events')
  @MeteredOddsData()
  @ApiAnswer({
    summary: "A sport's games, without prices",
    answer: z.array(eventHeaderSchema),
    errors: boardErrors('odds'),
  })
  async events(
    @Query(new ZodValidationPipe(eventsQuerySchema)) query: { sport: string },
    @Res({ passthrough: true }) res: Response,
  ) {
    const { body, boards } = await this.odds.events(query.sport);
    setBoardHeaders(res, boards);
    return body;
  }

  @Get('odds')
  @MeteredOddsData()
  @ApiAnswer({
    summary: 'Games with their books, markets and prices (The Odds API v4 shape)',
    answer: z.array(apiGameSchema),
    errors: boardErrors('odds'),
  })
  async list(
    @Query(new ZodValidationPipe(oddsQuerySchema)) query: OddsQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await send(req, res, await this.odds.oddsView(query, user.access));
  }

  @Get('odds-data')
  @MeteredOddsData()
  @ApiAnswer({ summary: "One sport's games with prices", answer: z.array(apiGameSchema), errors: boardErrors('odds') })
  async oddsData(
    @Query(new ZodValidationPipe(oddsDataQuerySchema)) query: OddsDataQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await send(req, res, await this.odds.oddsDataView(query, user.access));
  }

  @Get('player-props')
  @MeteredOddsData()
  @ApiAnswer({
    summary: "Player props: one game's as flat items (league, game_id), or the props boards' games (sports)",
    answer: playerPropsAnswerSchema,
    errors: boardErrors('props'),
  })
  async playerProps(
    @Query(new ZodValidationPipe(playerPropsQuerySchema)) query: PlayerPropsQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await send(req, res, await this.odds.playerPropsView(query, user.access));
  }

  /** The browser's first load, in the shape its socket then patches (the boards), not The Odds API's. */
  @Get('boards')
  @MeteredOddsDataUnlessPaidRequired()
  @ApiAnswer({
    summary: 'The boards as the socket patches them, with each channel position',
    answer: boardsAnswerSchema,
    errors: boardErrors('odds'),
  })
  async boards(
    @Query(new ZodValidationPipe(boardsQuerySchema)) query: BoardsQuery,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    // `require` was the guards' business: the same boards whether asked for early or not, one cached view
    const { require: _require, ...boards } = query;
    await send(req, res, await this.odds.storedBoardsView(boards, user.access));
  }

  @Get('cached-odds/:sport')
  @MeteredOddsData()
  @ApiAnswer({ summary: "A sport's board (decimal prices)", answer: sportBoardSchema, errors: boardErrors('odds') })
  async cachedOdds(
    @Param('sport', new ZodValidationPipe(sportKey)) sport: string,
    @Query(new ZodValidationPipe(cachedOddsQuerySchema)) query: CachedOddsQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SportBoard> {
    const board = await this.odds.cachedOdds(sport, query, user.access);
    setBoardHeaders(res, [
      { sport: board.sport_key, fetched_at: board.fetched_at, stale_since: board.stale_since ?? null },
    ]);
    return board;
  }

  /**
   * Spec 002 §7: the game modal's line movement, for signed-in users. Odds data like the other odds routes: metered on
   * the free plan, and only the plan's books (DECISIONS 27), since a book's newest history is its live price.
   */
  @Get('odds-history')
  @MeteredOddsData()
  @ApiAnswer({ summary: "A game's line movement per book and market", answer: oddsHistoryAnswerSchema })
  oddsHistory(
    @Query(new ZodValidationPipe(oddsHistoryQuerySchema)) query: OddsHistoryQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<OddsHistoryBookmaker[] | LineHistoryBook[]> {
    return this.history.history(query, user.access);
  }
}

/** A cached answer with its boards' freshness headers (ETag, 304 and compression in sendView). */
async function send(req: Request, res: Response, { view, boards }: ServedView): Promise<void> {
  setBoardHeaders(res, boards);
  await sendView(req, res, view);
}
