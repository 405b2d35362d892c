import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { normaliseEmail } from '@oddspulse/shared';
import { tooManyRequests } from '../../errors/api-errors';
import { addressGroup, clientAddress } from './client-address';
import { HttpRateLimits } from './rate-limits.service';
import type { RateLimiter } from '@oddspulse/core';

export type RateLimitBucket = 'signup' | 'reset';

const RATE_LIMIT_BUCKET = 'oddspulse:rate-limit-bucket';

/** A stricter, named limit on top of the global one, by address and by the body's email (sign-up, password reset). */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT_BUCKET, bucket);

const RATE_LIMIT_EXEMPT = 'oddspulse:rate-limit-exempt';

/** Outside the global limit: probes (load balancers, monitors) poll it from one address and must hear the truth, not 429. */
export const NoRateLimit = () => SetMetadata(RATE_LIMIT_EXEMPT, true);

/** The email a body names, as users.email stores it; null when it names none (validation answers that later). */
function bodyEmail(req: Request): string | null {
  const email = (req.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && email.trim() ? normaliseEmail(email) : null;
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
      const [byAddress, byEmail] =
        bucket === 'signup'
          ? [this.limits.signupAddress, this.limits.signupEmail]
          : [this.limits.resetAddress, this.limits.resetEmail];
      checks.push([byAddress, address]);
      const email = bodyEmail(req);
      if (email) checks.push([byEmail, email]);
    }
    for (const [limiter, key] of checks) {
      const decision = await limiter.consume(key);
      if (!decision.allowed) throw tooManyRequests(res, decision.retryAfter);
    }
    return true;
  }
}
