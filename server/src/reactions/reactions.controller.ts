import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { AuthUser } from '../accounts/auth/auth-user';
import { CurrentUser, RequireAuth } from '../accounts/access/decorators';
import { OptionalAuthenticationGuard } from '../accounts/access/guards';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';
import { gameKeyParam, reactSchema, type ReactInput } from './reactions.dto';
import { ReactionsService, type ReactionsResponse } from './reactions.service';
import { ApiAnswer } from '../docs/route-doc';
import { reactionsSchema } from '../docs/app-answers';
import { ApiErrors } from '../errors/api-errors';

/**
 * Spec 002 §7: GET is public (the scores page is); POST needs a signed-in user (spec 002 §4, §6), and adds a reaction
 * only to a game a current or kept scoreboard has.
 */
@Controller('reactions')
export class ReactionsController {
  constructor(private readonly reactions: ReactionsService) {}

  @Get(':gameKey')
  @ApiAnswer({ summary: "A game's reactions, and the caller's own", answer: reactionsSchema })
  @UseGuards(OptionalAuthenticationGuard)
  list(
    @Param('gameKey', new ZodValidationPipe(gameKeyParam)) gameKey: string,
    @CurrentUser() user: AuthUser | undefined,
  ): Promise<ReactionsResponse> {
    return this.reactions.list(gameKey, user?.id ?? null);
  }

  @Post(':gameKey')
  @ApiAnswer({
    summary: "The game's reactions after the caller's",
    answer: reactionsSchema,
    errors: [() => ApiErrors.gameNotFound()],
  })
  @HttpCode(200)
  @RequireAuth()
  react(
    @Param('gameKey', new ZodValidationPipe(gameKeyParam)) gameKey: string,
    @Body(new ZodValidationPipe(reactSchema)) input: ReactInput,
    @CurrentUser() user: AuthUser,
  ): Promise<ReactionsResponse> {
    return this.reactions.react(gameKey, user.id, input);
  }
}
