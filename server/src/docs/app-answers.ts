import { z } from 'zod';
import {
  ALERT_CHANNELS,
  ALERT_KINDS,
  STRIPE_SUBSCRIPTION_STATUSES,
  type AlertDelivery,
  type AlertRule,
  type BillingOverview,
  type EventPollClass,
  type FeedKind,
  type HealthReport,
  type LandingStats,
  type LocalCheckoutView,
  type LocalInvoiceView,
  type OpsOverview,
  type PaidPlan,
  type PickStats,
  type PlanSwitchPreview,
  type ReactionEmoji,
  type Reactor,
  type SiteConfig,
  type SteamRecord,
  type SteamRecordGroup,
  type ValidationCounts,
} from '@oddspulse/shared';
import type { OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { CsvImportResult } from '../picks/picks.service';
import type { CsvLineError } from '../picks/picks-csv';
import type { ReactionsResponse } from '../reactions/reactions.service';
import type { SupportOutcome } from '../support/support.service';
import type { WebhookAnswer } from '../billing/billing-webhook.service';
import { cents, isoTime, steamExpiry, steamMarket, steamMoveSchema, steamPriceSchema } from './answers';

/**
 * The answers of the app's own routes (picks beyond the list, alerts, billing, reactions, steam's record, health,
 * operations, the site), typed against the interfaces their services return (`z.ZodType<T>`): an answer that changes
 * shape without its schema fails to compile, and api-docs.int-spec checks real answers against the document.
 */

const paidPlan = z.enum(['gold', 'platinum']) as z.ZodType<PaidPlan>;
const percent = (description: string) => z.number().meta({ description: `${description}, PERCENT to one decimal` });

const monthFields = {
  bets: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  push: z.number().int(),
  stakedCents: cents,
  returnsCents: cents,
  profitCents: cents,
};
const groupStats = z.record(z.string(), z.object({ ...monthFields, winRate: percent('Win rate') }));

/** The statistics of spec 002 §3 (DECISIONS 21 for streaks and the average edge). */
export const pickStatsSchema: z.ZodType<PickStats> = z.object({
  totalBets: z.number().int(),
  wonBets: z.number().int(),
  lostBets: z.number().int(),
  pushBets: z.number().int(),
  pendingBets: z.number().int(),
  totalStakedCents: cents.meta({ description: 'Stakes of settled picks' }),
  pendingStakedCents: cents,
  totalReturnsCents: cents,
  netProfitCents: cents,
  winRate: percent('won / (won + lost)'),
  roi: percent('Net profit / total staked'),
  avgEdge: z.number().nullable(),
  avgClv: z.number().nullable(),
  beatCloseRate: z.number().nullable().meta({ description: 'Share of picks with a CLV that beat the close, PERCENT' }),
  bestStreak: z.number().int(),
  currentStreak: z.number().int(),
  streakType: z.enum(['win', 'loss']).nullable(),
  monthlyStats: z.record(z.string(), z.object(monthFields)).meta({ description: 'By UTC month added, "2026-10"' }),
  sportStats: groupStats,
  bookStats: groupStats,
  marketStats: groupStats,
});

const csvLineError: z.ZodType<CsvLineError> = z.object({ line: z.number().int(), message: z.string() });

export const csvImportSchema: z.ZodType<CsvImportResult> = z.object({
  added: z.number().int(),
  duplicates: z.number().int().meta({ description: 'Rows already tracked, skipped' }),
  errors: z.array(csvLineError).meta({ description: 'The first bad lines, each named by its line number' }),
});

export const localPicksImportSchema: z.ZodType<{ imported: number; skipped: number; alreadyImported: boolean }> =
  z.object({
    imported: z.number().int().meta({ description: 'Picks of the list added to the account' }),
    skipped: z.number().int().meta({ description: 'Picks the account already had, and items that are not picks' }),
    alreadyImported: z.boolean().meta({
      description: 'Every pick of the list was in the account already (the list was imported before): nothing is added',
    }),
  });

export const validationSchema: z.ZodType<ValidationCounts & { message: string }> = z.object({
  checked: z.number().int(),
  matched: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.string()),
  message: z.string().meta({ description: 'What spec 002 §8 says of the counts' }),
});

const reactor: z.ZodType<Reactor> = z.object({ userId: z.string(), username: z.string() });
const reactorsOf = (emoji: ReactionEmoji) => [emoji, z.array(reactor)] as const;

export const reactionsSchema: z.ZodType<ReactionsResponse> = z.object({
  gameKey: z.string(),
  reactions: z.object(
    Object.fromEntries(
      (['fire', 'money', 'confident', 'thinking', 'nervous', 'electric'] as const).map(reactorsOf),
    ) as Record<ReactionEmoji, z.ZodArray<typeof reactor>>,
  ),
  userReaction: z.string().nullable(),
});

const steamRecordGroup: z.ZodType<SteamRecordGroup> = z.object({
  sport: z.string().nullable(),
  market: steamMarket.nullable(),
  alerts: z.number().int(),
  graded: z.number().int(),
  hits: z.number().int(),
  hitRate: z.number().nullable().meta({ description: 'hits / graded, FRACTION' }),
  avgClvPct: z.number().nullable(),
  softMovedRate: z.number().nullable(),
});

export const steamRecordSchema: z.ZodType<SteamRecord> = z.object({
  overall: steamRecordGroup,
  groups: z.array(steamRecordGroup),
  alerts: z.array(
    z.object({
      id: z.string(),
      sport: z.string(),
      game: z.string(),
      commenceTime: isoTime,
      market: steamMarket,
      side: z.string(),
      originBook: z.string(),
      origin: steamMoveSchema,
      timeFound: isoTime,
      expiredAt: isoTime.nullable(),
      expiry: steamExpiry.nullable(),
      status: z.enum(['pending', 'graded', 'ungraded']),
      gradedBook: z.string().nullable(),
      taken: steamPriceSchema.nullable(),
      closingPrice: z.number().nullable(),
      clvPct: z.number().nullable(),
      softMoved: z.boolean().nullable(),
      note: z.string().nullable(),
    }),
  ),
  nextBefore: z.string().nullable().meta({ description: 'Pass as `before` for the next page; null on the last' }),
});

const quietHours = z.object({
  start: z.number().int().meta({ description: 'Minutes of the day' }),
  end: z.number().int(),
  timeZone: z.string().meta({ example: 'America/New_York' }),
});

export const alertRuleSchema: z.ZodType<AlertRule> = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  min: z.number().meta({ description: 'PERCENT: profit, middle probability, EV or the stale price’s EV' }),
  sports: z.array(z.string()).meta({ description: 'Empty: any sport' }),
  books: z.array(z.string()).meta({ description: 'Empty: any book' }),
  maxLegAgeSeconds: z.number().int().nullable(),
  quietHours: quietHours.nullable(),
  target: z
    .object({
      sport: z.string(),
      eventId: z.string(),
      game: z.string(),
      homeTeam: z.string(),
      commenceTime: isoTime,
      market: steamMarket,
      outcome: z.string(),
      point: z.number().nullable(),
      price: z.number().meta({ description: 'American odds: this price or better' }),
    })
    .nullable(),
  webhookUrl: z.string().nullable(),
  push: z.boolean(),
  email: z.boolean(),
  webhookDisabledAt: isoTime.nullable(),
  notice: z.string().nullable(),
  createdAt: isoTime,
  secret: z
    .string()
    .optional()
    .meta({ description: 'The webhook signing secret, in the answer that made the rule only' }),
});

export const alertDeliveriesSchema: z.ZodType<AlertDelivery[]> = z.array(
  z.object({
    id: z.number().int(),
    opportunityId: z.string(),
    channel: z.enum(ALERT_CHANNELS),
    status: z.enum(['pending', 'sent', 'failed', 'skipped']),
    reason: z.string().nullable(),
    attempts: z.number().int(),
    summary: z.object({
      kind: z.enum(ALERT_KINDS),
      opportunityId: z.string(),
      sport: z.string(),
      game: z.string(),
      title: z.string(),
      text: z.string(),
      path: z.string().meta({ description: 'The app path that opens the opportunity' }),
      commenceTime: isoTime,
      link: z.string().optional(),
      value: z.number().optional(),
    }),
    createdAt: isoTime,
    updatedAt: isoTime,
  }),
);

export const webhookSecretSchema: z.ZodType<{ secret: string }> = z.object({ secret: z.string() });
export const pushKeySchema: z.ZodType<{ publicKey: string }> = z.object({
  publicKey: z.string().meta({ description: 'The VAPID public key push subscriptions are made with' }),
});

/** A page to send the browser to: Stripe's checkout or portal, or the local stand-ins (spec DESIGN "payments"). */
export const redirectUrlSchema: z.ZodType<{ url: string }> = z.object({ url: z.string() });

export const billingOverviewSchema: z.ZodType<BillingOverview> = z.object({
  mode: z.enum(['stripe', 'local', 'off']),
  plan: z.enum(['free', 'gold', 'platinum']),
  subscription: z
    .object({
      id: z.string(),
      plan: paidPlan,
      status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
      active: z.boolean(),
      amount_cents: cents,
      currency: z.string(),
      interval: z.literal('month'),
      current_period_end: isoTime.nullable(),
      cancel_at_period_end: z.boolean(),
      payment_failed: z.boolean(),
    })
    .nullable(),
  gift: z.object({ plan: paidPlan, until: isoTime }).nullable(),
  can_manage_billing: z.boolean(),
});

export const planSwitchPreviewSchema: z.ZodType<PlanSwitchPreview> = z.object({
  plan: paidPlan,
  amount_due_cents: cents.meta({ description: 'Charged on confirming: the prorated difference less any credit' }),
  total_cents: cents,
  currency: z.string(),
});

export const localCheckoutSchema: z.ZodType<LocalCheckoutView> = z.object({
  id: z.string(),
  kind: z.enum(['subscription', 'gift']),
  plan: paidPlan,
  amount_cents: cents,
  currency: z.string(),
  recipient_email: z.string().nullable(),
  status: z.enum(['open', 'complete', 'expired']),
  cancel_url: z.string(),
});

export const localInvoicesSchema: z.ZodType<{ invoices: LocalInvoiceView[]; balance_cents: number }> = z.object({
  invoices: z.array(
    z.object({
      id: z.string(),
      created: isoTime,
      description: z.string(),
      amount_cents: cents,
      currency: z.string(),
      status: z.string(),
    }),
  ),
  balance_cents: cents,
});

export const webhookAnswerSchema: z.ZodType<WebhookAnswer> = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'unhandled']),
});

export const supportOutcomeSchema: z.ZodType<SupportOutcome> = z.object({
  priority: z.boolean().meta({ description: 'Answered first: a paid plan' }),
  acknowledged: z.boolean().meta({ description: 'A confirmation was mailed (to a verified address only)' }),
  message: z.string(),
});

export const landingStatsSchema: z.ZodType<LandingStats> = z.object({
  books_covered: z.number().int(),
  markets_tracked: z.number().int(),
  day: z.string().meta({ description: 'The UTC day of the daily figures, YYYY-MM-DD' }),
  opportunities_today: z.object({
    total: z.number().int(),
    ev: z.number().int(),
    arbitrage: z.number().int(),
    middles: z.number().int(),
  }),
  average_edge_pct_today: z.number().nullable(),
  as_of: isoTime,
});

export const siteSchema: z.ZodType<SiteConfig> = z.object({
  social_links: z.array(z.object({ label: z.string(), url: z.string() })),
  free_monthly_quota: z.number().int(),
  simulated: z
    .object({ odds: z.boolean(), scores: z.boolean() })
    .meta({ description: "Whether the odds and the scores are the built-in simulator's rather than a provider's" }),
});

const serviceState = z.enum(['up', 'down']);
const feedKind = z.enum(['odds', 'props', 'scores']) as z.ZodType<FeedKind>;
const feedState = z.enum(['ok', 'stale', 'paused']);

export const liveAnswerSchema: z.ZodType<{ status: 'ok' }> = z.object({ status: z.literal('ok') });

/** GET /api/health: 200 when every dependency is up, 503 with the same body when one is not. */
export const healthSchema: z.ZodType<HealthReport> = z.object({
  status: z.enum(['ok', 'error']),
  postgres: serviceState,
  redis: serviceState,
  queues: serviceState,
  problems: z.array(z.string()).meta({ description: 'Everything wrong, one sentence each' }),
  details: z.object({
    workers: z.number().int(),
    workerHeartbeats: z.array(
      z.object({
        id: z.string(),
        host: z.string(),
        pid: z.number().int(),
        state: z.enum(['live', 'silent']),
        started_at: isoTime,
        beat_at: isoTime,
        last_job_at: isoTime.nullable(),
      }),
    ),
    lastScheduleTick: isoTime.nullable(),
    jobCounts: z.record(z.string(), z.record(z.string(), z.number().int())),
    feeds: z
      .object({
        odds_provider: z.string(),
        scores_provider: z.string(),
        credits: z
          .object({
            remaining: z.number().nullable(),
            used: z.number().nullable(),
            last: z.number().nullable(),
            reserve: z.number(),
            low_priority_paused: z.boolean(),
            by_sport: z.record(z.string(), z.number()),
          })
          .optional(),
        feeds: z.array(
          z.object({
            kind: feedKind,
            sport: z.string(),
            provider: z.string(),
            state: feedState,
            last_poll_at: isoTime,
            last_success_at: isoTime.nullable(),
            stale_since: isoTime.nullable(),
            age_seconds: z.number().nullable(),
            events: z.number().int(),
            live: z.number().int(),
            error: z.string().optional(),
            paused_reason: z.string().optional(),
            paused_by_failure: z.boolean().optional(),
          }),
        ),
      })
      .nullable(),
  }),
});

const pollClass = z.enum(['live', 'within_1h', 'within_2h', 'upcoming', 'final']) as z.ZodType<EventPollClass>;

export const opsOverviewSchema: z.ZodType<OpsOverview> = z.object({
  generated_at: isoTime,
  sample_interval_ms: z.number().int(),
  dependencies: z.object({ postgres: serviceState, redis: serviceState }),
  workers: z.number().int().nullable().meta({ description: 'Worker processes with a live heartbeat' }),
  worker_problems: z.array(z.string()).nullable().meta({
    description:
      "What is wrong with the worker processes, in health's words: none live, one silent, one taking no job while jobs wait",
  }),
  scheduler: z
    .object({
      health: z.enum(['running', 'stopped', 'never']),
      last_tick_at: isoTime.nullable(),
      age_seconds: z.number().nullable(),
      tick_ms: z.number().int(),
    })
    .nullable(),
  feeds: z
    .array(
      z.object({
        kind: feedKind,
        sport: z.string(),
        provider: z.string().nullable(),
        state: feedState.nullable(),
        paused_by_failure: z.boolean(),
        health: z.enum(['fresh', 'late', 'failing', 'paused', 'never']),
        last_poll_at: isoTime.nullable(),
        last_success_at: isoTime.nullable(),
        age_seconds: z.number().nullable(),
        stale_since: isoTime.nullable(),
        error: z.string().nullable(),
        cadence_ms: z.number().int(),
        next_poll_at: isoTime,
        events: z.number().int(),
        live: z.number().int(),
      }),
    )
    .nullable(),
  credits: z
    .object({
      remaining: z.number().nullable(),
      used: z.number().nullable(),
      reserve: z.number(),
      low_priority_paused: z.boolean(),
      held: z.array(z.object({ sport: z.string(), class: pollClass, events: z.number().int() })),
      burn_per_hour: z.number().nullable(),
      runs_out_at: isoTime.nullable(),
    })
    .nullable(),
  queues: z
    .array(
      z.object({
        name: z.string(),
        waiting: z.number().int(),
        active: z.number().int(),
        delayed: z.number().int(),
        failed: z.number().int(),
        completed: z.number().int(),
        paused: z.boolean(),
        failed_last_hour: z.number().int(),
      }),
    )
    .nullable(),
  sockets: z
    .object({
      processes: z.number().int(),
      connections: z.number().int(),
      rooms: z.array(z.object({ room: z.string(), sockets: z.number().int() })),
      deliveries_per_second: z.number(),
    })
    .nullable(),
  opportunities_today: z
    .object({
      day: z.string(),
      total: z.number().int(),
      ev: z.number().int(),
      arbitrage: z.number().int(),
      middles: z.number().int(),
    })
    .nullable(),
  settlement_runs: z
    .array(
      z.object({
        at: isoTime,
        trigger: z.enum(['game', 'window', 'validate']),
        sport: z.string().nullable(),
        checked: z.number().int().nullable(),
        settled: z.number().int(),
        duration_ms: z.number(),
        error: z.string().nullable(),
      }),
    )
    .nullable(),
  problems: z.array(z.string()),
});

/** The fields of RFC 9728's protected-resource metadata the MCP endpoint publishes (the standard allows more). */
export const resourceMetadataSchema: z.ZodType<
  Pick<
    OAuthProtectedResourceMetadata,
    | 'resource'
    | 'authorization_servers'
    | 'bearer_methods_supported'
    | 'scopes_supported'
    | 'resource_name'
    | 'resource_documentation'
  >
> = z.object({
  resource: z.string(),
  authorization_servers: z.array(z.string()).meta({ description: 'None: keys are made on the API keys page' }),
  bearer_methods_supported: z.array(z.string()),
  scopes_supported: z.array(z.string()),
  resource_name: z.string(),
  resource_documentation: z.string(),
});
