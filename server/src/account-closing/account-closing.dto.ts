import { z } from 'zod';
import { AccountMessages } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { withApiError } from '../validation/zod-validation.pipe';

/**
 * POST /api/account/close: the password, entered again; or, for an account without one, the token of the link mailed
 * to it (POST /api/account/close/link).
 */
export const closeAccountSchema = withApiError(
  z.union([z.object({ password: z.string().min(1).max(1024) }), z.object({ token: z.string().min(1).max(200) })]),
  () => ApiErrors.validation(AccountMessages.closePasswordRequired, 'PASSWORD_REQUIRED'),
);
export type CloseAccountInput = z.output<typeof closeAccountSchema>;
