import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { setBoardHeaders } from '../odds/board-headers';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { scoresQuerySchema, type ScoresQuery } from './scores.dto';
import { ScoresService } from './scores.service';
import { sendView } from '../view-cache/view-cache';
import { scoresAnswerSchema } from '../docs/answers';
import { ApiAnswer } from '../docs/route-doc';

/** Spec 002 §7 GET /api/scores; public, as the scores page is (DECISIONS 9). */
@Controller('scores')
export class ScoresController {
  constructor(private readonly scores: ScoresService) {}

  @Get()
  @ApiAnswer({ summary: "A sport's scoreboard for a day (today by default)", answer: scoresAnswerSchema })
  async list(
    @Query(new ZodValidationPipe(scoresQuerySchema)) query: ScoresQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const { view, board } = await this.scores.scoresView(query);
    setBoardHeaders(res, [board]);
    await sendView(req, res, view);
  }
}
