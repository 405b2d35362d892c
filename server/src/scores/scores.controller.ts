import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { ScoreboardEvent } from '@oddspulse/shared';
import { setBoardHeaders } from '../odds/board-headers';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { scoresQuerySchema, type ScoresQuery } from './scores.dto';
import { ScoresService } from './scores.service';

/** Spec 002 §7 GET /api/scores; public, as the scores page is (DECISIONS 9). */
@Controller('scores')
export class ScoresController {
  constructor(private readonly scores: ScoresService) {}

  @Get()
  async list(@Query(new ZodValidationPipe(scoresQuerySchema)) query: ScoresQuery, @Res({ passthrough: true }) res: Response): Promise<ScoreboardEvent[]> {
    const { games, board } = await this.scores.scores(query);
    setBoardHeaders(res, [board]);
    return games;
  }
}
