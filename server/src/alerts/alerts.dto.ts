import { z } from 'zod';
import {
  ALERT_KINDS,
  canonicalBookKey,
  findSportsbook,
  isValidAmerican,
  isValidTimeZone,
  parseClock,
  STEAM_MARKETS,
} from '@oddspulse/shared';

const clock = z
  .string()
  .refine((v) => parseClock(v) !== null, 'must be a time HH:MM')
  .transform((v) => parseClock(v) as number);

const quietHours = z.object({
  start: clock,
  end: clock,
  timeZone: z.string().max(64).refine(isValidTimeZone, 'must be an IANA time zone such as America/New_York'),
});

/** A price target as the user picks it; the game's name and start are taken from the board. */
const priceTarget = z
  .object({
    sport: z.string().regex(/^[a-z0-9_]{2,64}$/, 'must be a sport key such as basketball_nba'),
    eventId: z.string().trim().min(1).max(200),
    market: z.enum(STEAM_MARKETS),
    outcome: z.string().trim().min(1).max(200),
    /** The line of a spread or total. */
    point: z.number().finite().min(-1000).max(1000).nullable().default(null),
    /** American odds: this price or better. */
    price: z.number().int().refine(isValidAmerican, 'must be American odds such as +150 or -110'),
  })
  .strict();
export type PriceTargetInput = z.infer<typeof priceTarget>;

/** A list's keys outside the catalogue, refused naming them: a rule on a book no board has never fires. */
const inCatalogue =
  (known: (key: string) => boolean, message: string) => (list: readonly string[], ctx: z.RefinementCtx) => {
    const unknown = list.filter((key) => !known(key));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `${message} (unknown: ${unknown.join(', ')})` });
  };

const fields = {
  kind: z.enum(ALERT_KINDS),
  /** PERCENT: profit (arbitrage), middle probability (middle), EV (ev), the best stale price's EV (steam); 0 for a price target. */
  min: z.number().finite().min(0).max(100),
  /** Sport keys; which of them this deployment polls (FEED_SPORTS) is the service's to say. */
  sports: z
    .array(z.string().regex(/^[a-z0-9_]{2,64}$/, 'must be sport keys such as basketball_nba'))
    .max(40)
    .transform((list) => [...new Set(list)]),
  /** The sportsbook catalogue's keys or their aliases; which of them the rule's kind takes is the service's to say. */
  books: z
    .array(z.string().regex(/^[a-z0-9_]{2,64}$/, 'must be bookmaker keys such as draftkings'))
    .max(60)
    .superRefine(inCatalogue((key) => findSportsbook(key) !== undefined, 'must be bookmaker keys such as draftkings'))
    .transform((list) => [...new Set(list.map(canonicalBookKey))]),
  maxLegAgeSeconds: z.number().int().min(1).max(86_400).nullable(),
  quietHours: quietHours.nullable(),
  webhookUrl: z.string().trim().max(2000).nullable(),
  push: z.boolean(),
  email: z.boolean(),
  /** A price target rule's target; null (absent) for every other kind. */
  target: priceTarget.nullable(),
};

/** POST /api/alerts. A price target takes no minimum; every other kind needs one. */
export const createAlertSchema = z
  .object({
    kind: fields.kind,
    min: fields.min.optional(),
    sports: fields.sports.default([]),
    books: fields.books.default([]),
    maxLegAgeSeconds: fields.maxLegAgeSeconds.default(null),
    quietHours: fields.quietHours.default(null),
    webhookUrl: fields.webhookUrl.default(null),
    push: fields.push.default(false),
    email: fields.email.default(false),
    target: fields.target.default(null),
  })
  .strict()
  .superRefine((rule, ctx) => {
    if (rule.min === undefined && rule.kind !== 'price_target')
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'Required' });
  })
  .transform(({ min, ...rule }) => ({ ...rule, min: min ?? 0 }));
export type CreateAlertInput = z.infer<typeof createAlertSchema>;

/** PATCH /api/alerts/:id: any of the fields; what is left out keeps its value. */
export const updateAlertSchema = z
  .object({
    kind: fields.kind.optional(),
    min: fields.min.optional(),
    sports: fields.sports.optional(),
    books: fields.books.optional(),
    maxLegAgeSeconds: fields.maxLegAgeSeconds.optional(),
    quietHours: fields.quietHours.optional(),
    webhookUrl: fields.webhookUrl.optional(),
    push: fields.push.optional(),
    email: fields.email.optional(),
    target: fields.target.optional(),
  })
  .strict();
export type UpdateAlertInput = z.infer<typeof updateAlertSchema>;

export const alertIdParam = z.string().uuid();

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,30}$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().max(2000) });
