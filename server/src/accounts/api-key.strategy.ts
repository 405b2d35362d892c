import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-custom';
import { hasPlatinum } from '@oddspulse/shared';
import { API_KEY_HEADER, type AuthUser } from './auth-user';
import { ApiKeyService } from './api-key.service';
import { AccountErrors } from './http-errors';

/** `x-api-key`: a Platinum user's personal key (DECISIONS 5). A key whose owner lost Platinum is refused with 403. */
@Injectable()
export class ApiKeyStrategy extends PassportStrategy(Strategy, 'api-key') {
  constructor(private readonly apiKeys: ApiKeyService) {
    super();
  }

  async validate(req: Request): Promise<AuthUser | null> {
    const key = req.headers[API_KEY_HEADER];
    if (typeof key !== 'string' || !key) return null;
    const user = await this.apiKeys.authenticate(key);
    if (!user) return null;
    if (!hasPlatinum(user.access)) throw AccountErrors.platinumRequired();
    return user;
  }
}
