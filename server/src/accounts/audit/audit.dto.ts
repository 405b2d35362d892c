import { z } from 'zod';

/** The most entries one page of the security activity holds, and what a request without `limit` gets. */
export const SECURITY_ACTIVITY_LIMIT = 50;

/**
 * GET /api/account/security-activity: `limit` entries (1–50, default 50), newest first; with `before` (an entry's id, as
 * the list gives it), the entries older than that one: the page after it.
 */
export const securityActivityQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
  limit: z.coerce.number().int().min(1).max(SECURITY_ACTIVITY_LIMIT).default(SECURITY_ACTIVITY_LIMIT),
});
export type SecurityActivityQuery = z.output<typeof securityActivityQuerySchema>;
