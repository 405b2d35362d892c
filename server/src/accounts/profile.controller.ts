import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import type { AuthUser } from './auth-user';
import { CurrentUser, RequireAuth } from './decorators';
import { ProfileService, type ProfileResponse } from './profile.service';

/** The profile and its once-only username (spec 000 §3, §5, §7; DECISIONS 6). */
@Controller('profile')
export class ProfileController {
  constructor(private readonly profiles: ProfileService) {}

  @Get()
  @RequireAuth()
  get(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.profiles.get(user.id);
  }

  /** The upsert of spec 000 §7 ("INSERT or upsert id and username"): the same once-only rule. */
  @Put()
  @RequireAuth()
  put(@CurrentUser() user: AuthUser, @Body() body: { username?: unknown } | undefined): Promise<ProfileResponse> {
    return this.profiles.setUsername(user.id, body?.username);
  }

  /** Public: the sign-up form checks names before an account exists (the boolean RPC of spec 000 §5). */
  @Get('username-available')
  available(@Query('candidate') candidate: unknown): Promise<{ username: string; available: boolean }> {
    return this.profiles.usernameAvailable(candidate);
  }

  @Put('username')
  @RequireAuth()
  setUsername(@CurrentUser() user: AuthUser, @Body() body: { username?: unknown } | undefined): Promise<ProfileResponse> {
    return this.profiles.setUsername(user.id, body?.username);
  }
}
