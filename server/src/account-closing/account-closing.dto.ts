import { z } from 'zod';
import { AccountMessages } from '@oddspulse/shared';
import { ApiErrors } from '../errors/api-errors';
import { withApiError } from '../validation/zod-validation.pipe';

/** POST /api/account/close: the password, entered again. */
export const closeAccountSchema = withApiError(z.object({ password: z.string().min(1).max(1024) }), () =>
  ApiErrors.validation(AccountMessages.closePasswordRequired, 'PASSWORD_REQUIRED'),
);
export type CloseAccountInput = z.output<typeof closeAccountSchema>;
