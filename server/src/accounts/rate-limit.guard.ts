import { CanActivate, ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { tooManyRequests } from './http-errors';
import { RateLimiterService } from './rate-limiter.service';

export type RateLimitBucket = 'reset';
const RATE_LIMIT_BUCKET = 'oddspulse:rate-limit-bucket';

/** A stricter, named limit on top of the global one (password reset: brute force and mail flooding). */
export const RateLimit = (bucket: RateLimitBucket) => SetMetadata(RATE_LIMIT_BUCKET, bucket);

/** The client address as Express resolved it (`trust proxy` is set for the load balancer in front). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/**
 * Global per-address limit on every API route, plus the named bucket of @RateLimit. Counters live in Redis,
 * so the limits hold across every server process (DECISIONS 8). 429 with Retry-After when exceeded.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiterService,
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const address = clientAddress(req);
    const global = await this.limiter.hit('global', address, this.config.RATE_LIMIT_MAX, this.config.RATE_LIMIT_WINDOW_SECONDS);
    if (!global.allowed) throw tooManyRequests(res, global.retryAfter);
    const bucket = this.reflector.get<RateLimitBucket | undefined>(RATE_LIMIT_BUCKET, context.getHandler());
    if (bucket === 'reset') {
      const reset = await this.limiter.hit('reset', address, this.config.RATE_LIMIT_RESET_MAX, this.config.RATE_LIMIT_RESET_WINDOW_SECONDS);
      if (!reset.allowed) throw tooManyRequests(res, reset.retryAfter);
    }
    return true;
  }
}
