import { z } from 'zod';
import { validateUsername } from '@oddspulse/shared';
import { ApiErrors } from '../../errors/api-errors';
import { rejectWith } from '../../validation/zod-validation.pipe';

/** A username under the one rule of DECISIONS 6, trimmed; the rule's message when it breaks it. */
export const username = z.unknown().transform((raw, ctx) => {
  const checked = validateUsername(raw);
  return checked.ok ? checked.value : rejectWith(ctx, ApiErrors.validation(checked.message, 'USERNAME_INVALID'));
});

/** PUT /api/profile and PUT /api/profile/username. */
export const usernameBodySchema = z.object({ username });

/** GET /api/profile/username-available?candidate */
export const usernameCandidateQuerySchema = z.object({ candidate: username });
