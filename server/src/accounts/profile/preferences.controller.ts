import { Body, Controller, Get, Put } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { preferencesUpdateSchema, type PreferencesUpdate } from './preferences.dto';
import { PreferencesService, type PreferencesResponse } from './preferences.service';
import { ApiAnswer } from '../../docs/route-doc';
import { preferencesAnswerSchema } from '../../docs/account-answers';

/** Selected sportsbooks, props sportsbooks, bankroll, favourites and odds format (spec 000 §3, §5). */
@Controller('preferences')
export class PreferencesController {
  constructor(private readonly preferences: PreferencesService) {}

  @Get()
  @ApiAnswer({ summary: "The user's books, bankroll, odds format and commissions", answer: preferencesAnswerSchema })
  @RequireAuth()
  get(@CurrentUser() user: AuthUser): Promise<PreferencesResponse> {
    return this.preferences.get(user.id, user.access);
  }

  @Put()
  @ApiAnswer({ summary: 'The preferences as saved', answer: preferencesAnswerSchema })
  @RequireAuth()
  put(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(preferencesUpdateSchema)) input: PreferencesUpdate,
  ): Promise<PreferencesResponse> {
    return this.preferences.update(user.id, user.access, input);
  }
}
