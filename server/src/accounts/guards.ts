import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { Request, Response } from 'express';
import { hasPaidPlan, hasPlatinum, isMetered } from '@oddspulse/shared';
import type { AuthUser } from './auth-user';
import { AccountErrors } from './http-errors';
import { PlanService } from './plan.service';

/** The request's user once AuthenticationGuard has run. */
export function requestUser(context: ExecutionContext): AuthUser {
  const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
  if (!user) throw AccountErrors.authenticationRequired();
  return user;
}

/**
 * Signed in by a bearer JWT, the access cookie (with CSRF on unsafe methods) or a Platinum API key.
 * Never by `x-user-id` or any other client-settable header. 401 "Authentication required" otherwise.
 */
@Injectable()
export class AuthenticationGuard extends AuthGuard(['jwt', 'api-key']) {
  override handleRequest<T = AuthUser>(err: unknown, user: T | false | null): T {
    if (err) throw err;
    if (!user) throw AccountErrors.authenticationRequired();
    return user;
  }
}

/** Like AuthenticationGuard, but lets an anonymous request through (with no user). */
@Injectable()
export class OptionalAuthenticationGuard extends AuthGuard(['jwt', 'api-key']) {
  override handleRequest<T = AuthUser>(err: unknown, user: T | false | null): T | undefined {
    if (err) throw err;
    return user || undefined;
  }
}

/** Gold or Platinum (spec 000 §6 requiresPaidPlan): 402 SUBSCRIPTION_REQUIRED otherwise. */
@Injectable()
export class PaidPlanGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!hasPaidPlan(requestUser(context).access)) throw AccountErrors.subscriptionRequired();
    return true;
  }
}

/** Platinum or unlimited (spec 000 §6 requiresPlatinum): 403 PLATINUM_REQUIRED otherwise. */
@Injectable()
export class PlatinumGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!hasPlatinum(requestUser(context).access)) throw AccountErrors.platinumRequired();
    return true;
  }
}

/**
 * Odds-data endpoints: free users are metered (DECISIONS 2), each call counted against the month's quota,
 * and refused with 402 QUOTA_EXCEEDED and the real numbers once it is spent. Paid plans pass uncounted.
 */
@Injectable()
export class MeteredOddsGuard implements CanActivate {
  constructor(private readonly plans: PlanService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = requestUser(context);
    if (!isMetered(user.access)) return true;
    const result = await this.plans.meter(user.id);
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-Quota-Limit', String(result.quota));
    res.setHeader('X-Quota-Used', String(result.used));
    if (!result.allowed) throw AccountErrors.quotaExceeded(result.used, result.quota);
    return true;
  }
}
