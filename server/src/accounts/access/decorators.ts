import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import {
  AuthenticationGuard,
  MeteredOddsGuard,
  OpsViewerGuard,
  PaidPlanGuard,
  PaidWhenRequiredGuard,
  PlatinumGuard,
} from './guards';

/** Signed in (bearer JWT, access cookie with CSRF, or a Platinum API key); 401 "Authentication required". */
export const RequireAuth = () => applyDecorators(UseGuards(AuthenticationGuard));

/** Signed in with Gold or Platinum; 402 SUBSCRIPTION_REQUIRED for the free plan. */
export const RequirePaidPlan = () => applyDecorators(UseGuards(AuthenticationGuard, PaidPlanGuard));

/** Signed in with Platinum (or unlimited); 403 PLATINUM_REQUIRED otherwise. */
export const RequirePlatinum = () => applyDecorators(UseGuards(AuthenticationGuard, PlatinumGuard));

/** Operations staff, `ops` or `ops_viewer`; 401 for visitors, 403 OPS_REQUIRED for anyone else and API keys. */
export const RequireOpsViewer = () => applyDecorators(UseGuards(AuthenticationGuard, OpsViewerGuard));

/**
 * An odds-data endpoint (straight bets, props, events, sports, scores): any signed-in plan, with free-plan
 * calls counted against the monthly quota (402 QUOTA_EXCEEDED once spent). The handler still restricts a free
 * user's books to `selectableSportsbooks(user.access)` (spec 000 §5).
 */
export const MeteredOddsData = () => applyDecorators(UseGuards(AuthenticationGuard, MeteredOddsGuard));

/**
 * MeteredOddsData for a call the browser sends before it knows the plan: with `require=paid` in its query
 * a free plan's call is refused with 402 SUBSCRIPTION_REQUIRED and not metered (PaidWhenRequiredGuard).
 */
export const MeteredOddsDataUnlessPaidRequired = () =>
  applyDecorators(UseGuards(AuthenticationGuard, PaidWhenRequiredGuard, MeteredOddsGuard));

/** The signed-in user of the request (use with one of the decorators above). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | undefined => {
  return context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
});
