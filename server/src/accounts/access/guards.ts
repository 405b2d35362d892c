import { CanActivate, ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isMetered, passesGate, type PlanAccess } from '@oddspulse/shared';
import { startedByAnotherSite, type AuthRequest } from '../auth/access-token';
import type { AuthUser } from '../auth/auth-user';
import { ApiErrors } from '../../errors/api-errors';
import { PlanService } from '../plans/plan.service';
import { assertApiKeyScope } from './api-key-scope';
import { opsRefusal } from './ops-access';
import { RequestAuthenticator } from './request-authenticator';

/** The request's user once AuthenticationGuard has run. */
export function requestUser(context: ExecutionContext): AuthUser {
  const user = context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
  if (!user) throw ApiErrors.authenticationRequired();
  return user;
}

/**
 * The request's user, if it is signed in, becomes `req.user` (undefined for an anonymous request); an API key on a
 * route that does not accept keys is refused (403).
 */
async function authenticateRequest(
  authenticator: RequestAuthenticator,
  reflector: Reflector,
  context: ExecutionContext,
): Promise<AuthUser | undefined> {
  const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  req.user = (await authenticator.authenticate(req)) ?? undefined;
  assertApiKeyScope(reflector, context, req.user);
  return req.user;
}

/**
 * Signed in by a bearer JWT, the access cookie (with CSRF on unsafe methods) or a Platinum API key, the
 * key only on routes marked @AcceptsApiKey (403 API_KEY_NOT_ALLOWED elsewhere). Never by `x-user-id` or any
 * other client-settable header (RequestAuthenticator). 401 "Authentication required" otherwise.
 */
@Injectable()
export class AuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!(await authenticateRequest(this.authenticator, this.reflector, context)))
      throw ApiErrors.authenticationRequired();
    return true;
  }
}

/** Like AuthenticationGuard, but lets an anonymous request through (with no user). */
@Injectable()
export class OptionalAuthenticationGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: RequestAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await authenticateRequest(this.authenticator, this.reflector, context);
    return true;
  }
}

/**
 * Gold or Platinum (spec 000 §6 requiresPaidPlan): throws 402 SUBSCRIPTION_REQUIRED for the free plan. The one check
 * behind PaidPlanGuard, PaidWhenRequiredGuard and the MCP tools of the same data.
 */
export function assertPaidPlan(access: PlanAccess): void {
  if (!passesGate(access, 'paid')) throw ApiErrors.subscriptionRequired();
}

/** Platinum or unlimited (spec 000 §6 requiresPlatinum): throws 403 PLATINUM_REQUIRED otherwise; PlatinumGuard's and MCP's. */
export function assertPlatinum(access: PlanAccess): void {
  if (!passesGate(access, 'platinum')) throw ApiErrors.platinumRequired();
}

function requirePaidPlan(context: ExecutionContext): true {
  assertPaidPlan(requestUser(context).access);
  return true;
}

/** Gold or Platinum (spec 000 §6 requiresPaidPlan): 402 SUBSCRIPTION_REQUIRED otherwise. */
@Injectable()
export class PaidPlanGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return requirePaidPlan(context);
  }
}

/** Platinum or unlimited (spec 000 §6 requiresPlatinum): 403 PLATINUM_REQUIRED otherwise. */
@Injectable()
export class PlatinumGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    assertPlatinum(requestUser(context).access);
    return true;
  }
}

/**
 * A metered call that asks for a paid plan's answer only (`require=paid`): the odds page's first load, which the
 * browser sends before it knows the plan. A free plan's call is refused with 402 SUBSCRIPTION_REQUIRED
 * before MeteredOddsGuard counts it, so asking early costs a free user nothing. Without the parameter it lets every
 * plan through.
 */
@Injectable()
export class PaidWhenRequiredGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToHttp().getRequest<Request>().query.require === 'paid' ? requirePaidPlan(context) : true;
  }
}

/**
 * Odds-data endpoints: free users are metered (DECISIONS 2), each successful call counted against the month's quota,
 * and refused with 402 QUOTA_EXCEEDED and the real numbers once it is spent. Paid plans pass uncounted. A call is
 * counted as it starts and given back when its answer is an error (bad input, a board not there yet, an outage: issue
 * 16 item 7), so a client retrying a 503 does not spend its quota.
 */
@Injectable()
export class MeteredOddsGuard implements CanActivate {
  private readonly logger = new Logger(MeteredOddsGuard.name);

  constructor(private readonly plans: PlanService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = requestUser(context);
    // DECISIONS 35 and 2: a link on another site opens this GET with the SameSite=Lax access cookie; the call it
    // started would spend the user's quota, so the cookie does not answer for it (403 as a failed CSRF check)
    const req = context.switchToHttp().getRequest<AuthRequest>();
    if (req.authSource === 'cookie' && startedByAnotherSite(req)) throw ApiErrors.csrfFailed();
    if (!isMetered(user.access)) return true;
    const result = await this.plans.meter(user.id);
    const res = context.switchToHttp().getResponse<Response>();
    res.setHeader('X-Quota-Limit', String(result.quota));
    res.setHeader('X-Quota-Used', String(result.used));
    if (!result.allowed) throw ApiErrors.quotaExceeded(result.used, result.quota);
    res.once('finish', () => {
      if (res.statusCode < 400) return;
      this.plans
        .unmeter(user.id, result.period)
        .catch((error: Error) =>
          this.logger.error({ msg: 'Could not give back a failed call', userId: user.id, err: error }),
        );
    });
    return true;
  }
}

/** Operations staff, either role: 403 OPS_REQUIRED otherwise, API keys included. */
@Injectable()
export class OpsViewerGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const refusal = opsRefusal(requestUser(context), 'view');
    if (refusal) throw refusal;
    return true;
  }
}
