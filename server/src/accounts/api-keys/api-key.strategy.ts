import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { Strategy } from 'passport-custom';
import { hasPlatinum } from '@oddspulse/shared';
import { API_KEY_HEADER, type AuthUser } from '../auth/auth-user';
import { ApiKeyService } from './api-key.service';
import { ApiErrors, tooManyRequests } from '../../errors/api-errors';
import { HttpRateLimits } from '../access/rate-limits.service';

/**
 * `x-api-key`: a Platinum user's personal key (DECISIONS 5). A key whose owner lost Platinum is refused with
 * 403; each key has its own request limit (429 with Retry-After). Which routes take a key is the guard's call.
 */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(
    private readonly apiKeys: ApiKeyService,
    private readonly limits: HttpRateLimits,
  ) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | null> {
    const key = req.headers[API_KEY_HEADER];
    if (typeof key !== 'string' || !key) return null;
    const user = await this.apiKeys.authenticate(key);
    if (!user?.apiKeyId) return null;
    if (!hasPlatinum(user.access)) throw ApiErrors.platinumRequired();
    const decision = await this.limits.apiKey.consume(user.apiKeyId);
    if (!decision.allowed) throw tooManyRequests(req.res as Response, decision.retryAfter);
    return user;
  }
}
