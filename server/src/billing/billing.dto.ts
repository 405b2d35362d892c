import { z } from 'zod';
import { BillingMessages, isValidEmail, normaliseEmail } from '@oddspulse/shared';

/**
 * POST /api/billing/create-checkout-session (spec 000 §7, DECISIONS 4): `{plan}`. The auto-start variant sends no
 * body: the stored pricing intent is an upgrade, which means Platinum (000 §4). Any other field (the second
 * reading's `supabaseUserId`) is ignored: the user always comes from the session.
 */
export const checkoutSchema = z
  .object({
    plan: z.enum(['gold', 'platinum'], { error: BillingMessages.unknownPlan }).optional(),
  })
  .loose()
  .transform((body) => ({ plan: body.plan ?? 'platinum' }));

/** GET /api/billing/switch-preview?plan: the paid plan to price a switch to. */
export const switchPreviewSchema = z.object({
  plan: z.enum(['gold', 'platinum'], { error: BillingMessages.unknownPlan }),
});

/** POST /api/billing/gift: the address that receives one month of Platinum. */
export const giftSchema = z.object({
  email: z
    .string({ error: BillingMessages.invalidGiftEmail })
    .refine(isValidEmail, BillingMessages.invalidGiftEmail)
    .transform(normaliseEmail),
});

/** A local checkout session's id in the local checkout's paths. */
export const localCheckoutIdSchema = z.string().regex(/^cs_local_[0-9a-f]{24}$/, 'not a local checkout session');
