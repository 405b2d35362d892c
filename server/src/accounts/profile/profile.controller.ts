import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { CurrentUser, RequireAuth } from '../access/decorators';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { usernameBodySchema, usernameCandidateQuerySchema } from './profile.dto';
import { ProfileService, type ProfileResponse } from './profile.service';
import { ApiAnswer } from '../../docs/route-doc';
import { profileAnswerSchema, usernameAvailableAnswerSchema } from '../../docs/account-answers';

/** The profile and its once-only username (spec 000 §3, §5, §7; DECISIONS 6). */
@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @ApiAnswer({ summary: "The user's profile", answer: profileAnswerSchema })
  @RequireAuth()
  get(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.profiles.get(user.id);
  }

  /** Public: the sign-up form checks names before an account exists (the boolean RPC of spec 000 §5). */
  @Get('username-available')
  @ApiAnswer({ summary: 'Whether a username is free', answer: usernameAvailableAnswerSchema })
  available(
    @Query(new ZodValidationPipe(usernameCandidateQuerySchema)) query: { candidate: string },
  ): Promise<{ username: string; available: boolean }> {
    return this.profiles.usernameAvailable(query.candidate);
  }

  /** The once-only username; PUT /profile is the upsert of spec 000 §7 ("INSERT or upsert id and username"). */
  @Put(['', 'username'])
  @ApiAnswer({ summary: 'The profile with its username, chosen once', answer: profileAnswerSchema })
  @RequireAuth()
  setUsername(
    @CurrentUser() user: AuthUser,
    @Body(new ZodValidationPipe(usernameBodySchema)) body: { username: string },
  ): Promise<ProfileResponse> {
    return this.profiles.setUsername(user.id, body.username);
  }
}
