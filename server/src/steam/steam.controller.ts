import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SteamRecord } from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequirePlatinum } from '../accounts/access/decorators';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';
import { ApiAnswer } from '../docs/route-doc';
import { ApiErrors } from '../errors/api-errors';
import { steamAnswerSchema } from '../docs/answers';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { steamQuerySchema, steamRecordQuerySchema, type SteamQuery, type SteamRecordQuery } from './steam.dto';
import { SteamService, type SteamResponse } from './steam.service';
import { steamRecordSchema } from '../docs/app-answers';

/** How long a record answer may be reused: it changes when an alert is raised, expires or is graded. */
const RECORD_MAX_AGE_S = 30;

/**
 * Steam (DECISIONS 34): the live alerts are Platinum, as the scanners are, and personal API keys read them
 * (DECISIONS 5); the graded record is public, as a track record should be.
 */
@Controller('steam')
export class SteamController {
  constructor(private readonly steam: SteamService) {}

  @Get()
  @RequirePlatinum()
  @AcceptsApiKey()
  @ApiAnswer({
    summary: 'Active steam alerts: a sharp move and the soft books still at the old price',
    answer: steamAnswerSchema,
    errors: [() => ApiErrors.unsupportedSport(['cricket_ipl'])],
  })
  active(
    @Query(new ZodValidationPipe(steamQuerySchema)) query: SteamQuery,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SteamResponse> {
    res.setHeader('Cache-Control', 'no-store');
    return this.steam.active(query, user.access);
  }

  @Get('record')
  @ApiAnswer({
    summary: 'The graded record of steam alerts: hit rate and CLV by sport and market, and the alerts',
    answer: steamRecordSchema,
  })
  record(
    @Query(new ZodValidationPipe(steamRecordQuerySchema)) query: SteamRecordQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SteamRecord> {
    res.setHeader('Cache-Control', `public, max-age=${RECORD_MAX_AGE_S}`);
    return this.steam.record(query);
  }
}
