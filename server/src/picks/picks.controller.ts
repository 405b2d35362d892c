import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Logger,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { text, type Request, type Response } from 'express';
import type { z } from 'zod';
import {
  JobName,
  type NewPick,
  type PagedPicks,
  PickStats,
  UserPick,
  ValidationCounts,
  validationMessage,
} from '@oddspulse/shared';
import type { AuthUser } from '../accounts/auth/auth-user';
import { AcceptsApiKey } from '../accounts/access/api-key-scope';
import { ApiAnswer } from '../docs/route-doc';
import { picksPageSchema, userPickSchema } from '../docs/answers';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { APP_CONFIG, type AppConfig, JobQueueService } from '@oddspulse/core';
import { ApiErrors } from '../errors/api-errors';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import {
  createPickSchema,
  legacyToPickInput,
  listPicksSchema,
  pickPageSchema,
  pickIdParam,
  PICKS_IMPORT_BODY_LIMIT,
  pickStakeSchema,
  readPicksImport,
  settlePickSchema,
  toCents,
} from './picks.dto';
import { CsvImportResult, type PickOwner, PicksService } from './picks.service';
import { csvImportSchema, localPicksImportSchema, pickStatsSchema, validationSchema } from '../docs/app-answers';

/** An import file's body: CSV text (also as plain text, as curl and spreadsheets send it), at most the import's limit. */
const csvBody = text({ type: ['text/csv', 'text/plain', 'application/csv'], limit: PICKS_IMPORT_BODY_LIMIT });
/** body-parser calls back as Node does: with its error (http-errors), or with nothing once the body is read. */
const readCsvBody = promisify(csvBody);

/** The signed-in user as the owner of picks: the plan sets how many the account keeps. */
const pickOwner = (user: AuthUser): PickOwner => ({ id: user.id, plan: user.access.plan });

/** The pick tracker's API (spec 002, DECISIONS 18–21): every call is the signed-in user's own picks. */
@Controller('picks')
@RequireAuth()
export class PicksController {
  private readonly logger = new Logger(PicksController.name);

  constructor(
    private readonly picks: PicksService,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** One page of the list: `{picks, nextCursor}`; the next page is asked for with `cursor=nextCursor` until it is null. */
  @Get()
  @ApiAnswer({ summary: "One page of the user's picks", answer: picksPageSchema })
  list(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(pickPageSchema)) query: z.infer<typeof pickPageSchema>,
  ): Promise<PagedPicks<UserPick>> {
    const { status, ...options } = query;
    return this.picks.list(user.id, { ...options, status: status === 'all' ? undefined : status });
  }

  @Get('stats')
  @ApiAnswer({ summary: "The user's statistics (spec 002 §3)", answer: pickStatsSchema })
  stats(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(listPicksSchema)) query: z.infer<typeof listPicksSchema>,
  ): Promise<PickStats> {
    return this.picks.stats(user.id, query.period);
  }

  /**
   * The list's picks as CSV, with the list's filters and sort; a Platinum API key may call it (DECISIONS 5). Written as
   * it is read, a slice at a time, each slice waiting for the one before to be taken by the connection.
   */
  @Get('export.csv')
  @AcceptsApiKey()
  @ApiAnswer({ summary: "The key owner's picks as CSV, one row per pick (docs/api.md: Picks as CSV)", answer: 'csv' })
  async exportCsv(
    @CurrentUser() user: AuthUser,
    @Query(new ZodValidationPipe(listPicksSchema)) query: z.infer<typeof listPicksSchema>,
    @Res() res: Response,
  ): Promise<void> {
    const { period, status, sort } = query;
    let started = false;
    try {
      await this.picks.exportCsv(
        user.id,
        { period, status: status === 'all' ? undefined : status, sort },
        async (text) => {
          if (!started) {
            res.status(200);
            res.setHeader('Content-Type', 'text/csv; charset=utf-8');
            res.setHeader('Content-Disposition', 'attachment; filename="oddspulse-picks.csv"');
            started = true;
          }
          if (!res.write(text)) await once(res, 'drain');
        },
      );
      res.end();
    } catch (error) {
      if (!started) throw error;
      // part of the file is out: the download is cut off, never passed off as the whole file
      this.logger.error({ err: error, userId: user.id }, 'Picks export failed after it started');
      res.destroy(error as Error);
    }
  }

  /**
   * A CSV file of picks (the export's columns): `{added, duplicates, errors}`, or 400 naming every bad line with nothing
   * imported. The body is read here, in the picks domain, as no application-wide parser reads CSV.
   */
  @Post('import.csv')
  @ApiAnswer({
    summary: 'A CSV of picks read: how many were added, skipped as duplicates, and the bad lines',
    answer: csvImportSchema,
  })
  @HttpCode(200)
  async importCsv(
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CsvImportResult> {
    await readCsvBody(req, res);
    if (typeof req.body !== 'string') throw ApiErrors.validation('Send the file as text/csv', 'CSV_INVALID');
    return this.picks.importCsv(pickOwner(user), req.body);
  }

  @Post()
  @ApiAnswer({ summary: 'The pick saved, pending', answer: userPickSchema })
  create(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(createPickSchema)) input: NewPick,
  ): Promise<UserPick> {
    return this.picks.create(pickOwner(user), input);
  }

  @Patch(':id')
  @ApiAnswer({ summary: 'The pick settled by hand', answer: userPickSchema })
  settle(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(pickIdParam)) id: string,
    @Body(new ZodValidationPipe(settlePickSchema)) input: z.infer<typeof settlePickSchema>,
  ): Promise<UserPick> {
    return this.picks.settleManually(user.id, id, {
      status: input.status,
      actualPayout: input.actualPayout,
    });
  }

  @Patch(':id/stake')
  @ApiAnswer({ summary: 'The pending pick with its new stake and payout', answer: userPickSchema })
  setStake(
    @CurrentUser() user: AuthUser,
    @Param('id', new ZodValidationPipe(pickIdParam)) id: string,
    @Body(new ZodValidationPipe(pickStakeSchema)) input: z.infer<typeof pickStakeSchema>,
  ): Promise<UserPick> {
    return this.picks.setStake(user.id, id, toCents(input.stake));
  }

  @Delete(':id')
  @ApiAnswer({ summary: 'The pick deleted', answer: 'none' })
  @HttpCode(204)
  remove(@CurrentUser() user: AuthUser, @Param('id', new ZodValidationPipe(pickIdParam)) id: string): Promise<void> {
    return this.picks.remove(user.id, id);
  }

  /** A browser's oss_my_picks_v1 list, imported once (DECISIONS 18). The body arrives as JSON text (configureHttp). */
  @Post('import')
  @ApiAnswer({ summary: "A browser's list of picks imported once (DECISIONS 18)", answer: localPicksImportSchema })
  async importLocal(@CurrentUser() user: AuthUser, @Body() body: unknown) {
    const { given, readable } = await readPicksImport(body);
    const result = await this.picks.importBrowserList(pickOwner(user), readable.map(legacyToPickInput));
    return { ...result, skipped: result.skipped + given - readable.length };
  }

  /** "Validate now": the settlement worker checks every pending pick of the user; the answer carries the spec 002 §8 text. */
  @Post('validate')
  @ApiAnswer({ summary: 'Validate now: pending picks checked against final scores', answer: validationSchema })
  @HttpCode(200)
  async validate(@CurrentUser() user: AuthUser): Promise<ValidationCounts & { message: string }> {
    const now = Date.now();
    let counts: ValidationCounts;
    try {
      // One run per user per 5 s: a double click joins the run already under way.
      counts = await this.jobs.run<typeof JobName.PicksValidateUser, ValidationCounts>(
        JobName.PicksValidateUser,
        { userId: user.id, requestedAt: now },
        this.config.VALIDATE_NOW_TIMEOUT_MS,
        { jobId: `validate-${user.id}-${Math.floor(now / 5000)}` },
      );
    } catch (error) {
      this.logger.error({ err: error }, `Validate now failed: ${(error as Error).message}`);
      throw ApiErrors.unavailable('Validation failed', 'VALIDATION_FAILED');
    }
    return { ...counts, message: validationMessage(counts) };
  }
}
