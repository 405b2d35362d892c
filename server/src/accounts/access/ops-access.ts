import type { HttpException } from '@nestjs/common';
import { canOperate, canViewOps } from '@oddspulse/shared';
import type { AuthUser } from '../auth/auth-user';
import { ApiErrors } from '../../errors/api-errors';

/** `view`: the operations page, its channel, the console and the metrics; `operate`: the console's actions. */
export type OpsNeed = 'view' | 'operate';

/**
 * The one rule for everything operations staff reach, used by the guards and by the console's, the
 * metrics' and the page's middleware alike: nobody signed in 401; an API key 403 API_KEY_NOT_ALLOWED (keys are for
 * the odds reads alone), a user without the role 403 OPS_REQUIRED; an `ops_viewer` asking to act 403.
 */
export function opsRefusal(user: AuthUser | null | undefined, need: OpsNeed): HttpException | null {
  if (!user) return ApiErrors.authenticationRequired();
  if (user.via === 'api_key') return ApiErrors.apiKeyNotAllowed();
  if (!canViewOps(user.role)) return ApiErrors.opsRequired();
  if (need === 'operate' && !canOperate(user.role)) return ApiErrors.operateRequired();
  return null;
}
