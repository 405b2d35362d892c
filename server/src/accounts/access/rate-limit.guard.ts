import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { normaliseEmail } from '@oddspulse/shared';
import { tooManyRequests } from '../../errors/api-errors';
import { addressGroup, clientAddress } from './client-address';
import { HttpRateLimits } from './rate-limits.service';
import { sha256 } from '../auth/crypto';
import type { RateLimiter } from '@oddspulse/core';

export type RateLimitBucket = 'signup' | 'reset' | 'reset-confirm';

const RATE_LIMIT_BUCKET = 'oddspulse:rate-limit-bucket';

/**
 * A stricter, named limit on top of the global one, by address and by what the body names: its email (sign-up,
 * password reset) or its reset link (reset confirmation).
 */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT_BUCKET, bucket);

const RATE_LIMIT_EXEMPT = 'oddspulse:rate-limit-exempt';

/** Outside the global limit: probes (load balancers, monitors) poll it from one address and must hear the truth, not 429. */
export const NoRateLimit = () => SetMetadata(RATE_LIMIT_EXEMPT, true);

/** The email a body names, as users.email stores it; null when it names none (validation answers that later). */
function bodyEmail(req: Request): string | null {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && email.trim() ? normaliseEmail(email) : null;
}

/** The reset link a body names, by its hash (as password_reset_tokens keeps it); null when it names none. */
function bodyResetToken(req: Request): string | null {
  const token = (req.body as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token ? sha256(token) : null;
}

/**
 * Global per-address limit on every API route, plus the named buckets of @RateLimit (DECISIONS 8), an IPv6 address
 * counted with its /64 (addressGroup). 429 with Retry-After when exceeded. Sign-in has its own, failure-counting limits in AuthController.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limits: HttpRateLimits,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (
      this.reflector.getAllAndOverride<boolean | undefined>(RATE_LIMIT_EXEMPT, [
        context.getHandler(),
        context.getClass(),
      ])
    )
      return true;
    const address = addressGroup(clientAddress(req));
    const checks: Array<[RateLimiter, string]> = [[this.limits.global, address]];
    const bucket = this.reflector.get<RateLimitBucket | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
    if (bucket) {
      const [byAddress, bySubject, subject] = this.bucketLimits(bucket, req);
      checks.push([byAddress, address]);
      if (subject) checks.push([bySubject, subject]);
    }
    for (const [limiter, key] of checks) {
      const decision = await limiter.consume(key);
      if (!decision.allowed) throw tooManyRequests(res, decision.retryAfter);
    }
    return true;
  }

  /** A bucket's limit per address, its limit per what the body names, and that key (none when the body names none). */
  private bucketLimits(bucket: RateLimitBucket, req: Request): [RateLimiter, RateLimiter, string | null] {
    switch (bucket) {
      case 'signup':
        return [this.limits.signupAddress, this.limits.signupEmail, bodyEmail(req)];
      case 'reset':
        return [this.limits.resetAddress, this.limits.resetEmail, bodyEmail(req)];
      case 'reset-confirm':
        return [this.limits.resetConfirmAddress, this.limits.resetConfirmToken, bodyResetToken(req)];
    }
  }
}
