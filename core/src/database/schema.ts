import type { ColumnType, Generated } from 'kysely';
import type { PickStatus, Plan, UnsettledCode } from '@oddspulse/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Table types, written by hand to match the reviewed SQL in server/migrations. */
export interface UsersTable {
  id: Generated<string>;
  email: string;
  created_at: Generated<Date>;
  /** When the address was proved to be the user's (migration 0021); null until then. */
  email_verified_at: Date | null;
  /** When the account was closed (migration 0023): the row is kept anonymised for its billing records. */
  closed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface EmailVerificationTokensTable {
  id: Generated<string>;
  user_id: string;
  email: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface PasswordCredentialsTable {
  user_id: string;
  hash: string;
  updated_at: Timestamp;
}

export interface PlanStatesTable {
  user_id: string;
  plan: Plan;
  status: 'active' | 'trialing' | 'past_due' | 'canceled' | 'incomplete';
  current_period_end: Date | null;
  is_gifted: boolean;
  cancel_at_period_end: boolean;
  updated_at: Timestamp;
  /** Added by 0002_accounts: a plan flagged unlimited passes every guard (spec 000 §6). */
  unlimited: Generated<boolean>;
}

export interface SessionFamiliesTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  revoke_reason: 'logout' | 'reuse' | 'password_reset' | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  rotated_at: Date | null;
}

export interface OAuthIdentitiesTable {
  provider: 'google' | 'apple';
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Generated<Date>;
}

export interface ProfilesTable {
  id: string;
  username: string | null;
  updated_at: Timestamp;
}

export interface UsageCountersTable {
  user_id: string;
  /** First day of the calendar month (UTC), as YYYY-MM-DD. */
  period: ColumnType<string, string, string>;
  calls: number;
}

export interface PreferencesTable {
  user_id: string;
  sportsbooks: string[];
  props_sportsbooks: string[];
  bankroll_cents: ColumnType<string, number, number>;
  favorites: string[];
  odds_format: 'american' | 'decimal' | 'fractional';
  /** Canonical book key → commission on net winnings (FRACTION); books absent take the default. */
  commissions: ColumnType<Record<string, number>, string | undefined, string>;
  updated_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
  rotated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A user's security history (0008_security.sql). */
export interface AuditLogTable {
  id: Generated<number>;
  user_id: string | null;
  actor_id: string | null;
  action: string;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: Date | null;
}

/** One price or line change of one outcome at one bookmaker (migration 0003; partitioned by day in 0013). */
export interface OddsHistoryTable {
  id: Generated<string>;
  sport_key: string;
  event_id: string;
  bookmaker_key: string;
  bookmaker_title: string;
  market_key: string;
  outcome_name: string;
  description: Generated<string>;
  price: number;
  point: number | null;
  last_update: Timestamp;
  recorded_at: Generated<Date>;
}

export interface OddsHistoryEntriesTable {
  entry_id: string;
  stored_at: Generated<Date>;
}

export interface PicksTable {
  id: Generated<string>;
  user_id: string;
  client_id: string | null;
  game: string;
  league: string;
  sport: string | null;
  market: string;
  selection: string;
  odds: string;
  bookmaker: string | null;
  stake_cents: ColumnType<number, number, number>;
  potential_cents: number | null;
  actual_payout_cents: number | null;
  status: PickStatus;
  type: 'single' | 'parlay';
  edge: ColumnType<number | null, number | null, number | null>;
  note: string | null;
  event_id: string | null;
  commence_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  date_added: ColumnType<Date, Date | string | undefined, Date | string>;
  settled_date: Date | null;
  validated_at: Date | null;
  validated_by: string | null;
  validation_confidence: number | null;
  espn_game_id: string | null;
  closing_odds: ColumnType<number | null, number | null, number | null>;
  clv: ColumnType<number | null, number | null, number | null>;
  /** Why a pending pick is not settled yet (UnsettledCode), and how many games an ambiguous one could be. */
  unsettled_reason: ColumnType<UnsettledCode | null, UnsettledCode | null | undefined, UnsettledCode | null>;
  unsettled_games: ColumnType<number | null, number | null | undefined, number | null>;
  /** Settled by the settlement worker and its `picks.settled` push not yet sent (migration 0014). */
  announce_pending: Generated<boolean>;
  updated_at: Timestamp;
}

export interface PickImportsTable {
  user_id: string;
  imported: number;
  skipped: number;
  imported_at: Timestamp;
}

export interface GameResultsTable {
  sport_key: string;
  game_id: string;
  event_id: string | null;
  home_team: string;
  away_team: string;
  home_score: number;
  away_score: number;
  commence_time: ColumnType<Date, Date | string, Date | string>;
  source: string;
  recorded_at: Timestamp;
}

/** One user's reaction to one game (migration 0005): the primary key (game_key, user_id) allows one. */
export interface ReactionsTable {
  game_key: string;
  user_id: string;
  emoji: import('@oddspulse/shared').ReactionEmoji;
  created_at: Generated<Date>;
}

/** One Stripe customer per user (migration 0007). */
export interface BillingCustomersTable {
  user_id: string;
  stripe_customer_id: string;
  open_checkout_session_id: string | null;
  created_at: Generated<Date>;
}

/** Each subscription as Stripe last reported it (migration 0007). */
export interface BillingSubscriptionsTable {
  stripe_subscription_id: string;
  user_id: string;
  stripe_customer_id: string;
  status: import('@oddspulse/shared').StripeSubscriptionStatus;
  plan: import('@oddspulse/shared').PaidPlan;
  price_id: string;
  item_id: string | null;
  amount_cents: number;
  currency: string;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  ended_at: Date | null;
  observed_at: Date;
  payment_failed_at: Date | null;
  last_paid_at: Date | null;
  updated_at: Timestamp;
}

export interface BillingEventsTable {
  stripe_event_id: string;
  type: string;
  received_at: Generated<Date>;
}

export interface BillingGiftsTable {
  id: Generated<string>;
  recipient_email: string;
  purchaser_user_id: string | null;
  source: 'checkout' | 'support';
  checkout_session_id: string | null;
  status: 'pending_payment' | 'paid' | 'granted' | 'expired';
  granted_as: 'plan' | 'credit' | null;
  recipient_user_id: string | null;
  created_at: Generated<Date>;
  paid_at: Date | null;
  granted_at: Date | null;
}

/** The local checkout's Stripe-shaped objects (migration 0007). */
export interface BillingLocalObjectsTable {
  id: string;
  object: 'customer' | 'checkout.session' | 'subscription' | 'invoice';
  customer_id: string | null;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
}

/** Alert rules, the webhook secret, push subscriptions and deliveries. */
export interface AlertRulesTable {
  id: Generated<string>;
  user_id: string;
  kind: import('@oddspulse/shared').AlertKind;
  min: number;
  sports: string[];
  books: string[];
  max_leg_age_seconds: number | null;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string;
  webhook_url: string | null;
  push: boolean;
  email: boolean;
  webhook_failures: Generated<number>;
  webhook_disabled_at: Date | null;
  notice: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  /** A price target rule's target, null for every other kind (migration 0019). */
  target: ColumnType<import('@oddspulse/shared').PriceTarget | null, string | null | undefined, string | null>;
  target_event_id: ColumnType<string | null, never, never>;
  target_crossed: Generated<boolean>;
  target_crossings: Generated<number>;
}

export interface AlertSecretsTable {
  user_id: string;
  secret: string;
  /** The secret a rotation replaced; it signs beside `secret` until `previous_valid_until` (migration 0015). */
  previous_secret: string | null;
  previous_valid_until: Date | null;
  created_at: Generated<Date>;
}

export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Generated<Date>;
}

export interface AlertDeliveriesTable {
  id: Generated<number>;
  rule_id: string;
  user_id: string;
  opportunity_id: string;
  channel: import('@oddspulse/shared').AlertChannel;
  status: import('@oddspulse/shared').AlertDeliveryStatus;
  reason: string | null;
  attempts: Generated<number>;
  summary: ColumnType<import('@oddspulse/shared').AlertSummary, string, string>;
  created_at: Generated<Date>;
  updated_at: Timestamp;
}

/** Every steam alert and its grade (migration 0018). */
export interface SteamAlertsTable {
  id: string;
  sport_key: string;
  event_id: string;
  market: import('@oddspulse/shared').SteamMarket;
  side: string;
  commence_time: Timestamp;
  found_at: Timestamp;
  alert: ColumnType<import('@oddspulse/shared').SteamAlert, string, string>;
  expired_at: Date | null;
  expiry: import('@oddspulse/shared').SteamExpiry | null;
  grade_status: Generated<import('@oddspulse/shared').SteamGradeStatus>;
  graded_at: Date | null;
  closing_probability: number | null;
  closing_price: number | null;
  clv_pct: number | null;
  soft_moved: boolean | null;
  grade_source: 'sharp' | 'market' | null;
  grade_note: string | null;
}

export interface DB {
  users: UsersTable;
  email_verification_tokens: EmailVerificationTokensTable;
  password_credentials: PasswordCredentialsTable;
  plan_states: PlanStatesTable;
  odds_history: OddsHistoryTable;
  odds_history_entries: OddsHistoryEntriesTable;
  picks: PicksTable;
  pick_imports: PickImportsTable;
  game_results: GameResultsTable;
  session_families: SessionFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  oauth_identities: OAuthIdentitiesTable;
  profiles: ProfilesTable;
  usage_counters: UsageCountersTable;
  preferences: PreferencesTable;
  api_keys: ApiKeysTable;
  password_reset_tokens: PasswordResetTokensTable;
  reactions: ReactionsTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  billing_events: BillingEventsTable;
  billing_gifts: BillingGiftsTable;
  billing_local_objects: BillingLocalObjectsTable;
  audit_log: AuditLogTable;
  alert_rules: AlertRulesTable;
  alert_secrets: AlertSecretsTable;
  push_subscriptions: PushSubscriptionsTable;
  alert_deliveries: AlertDeliveriesTable;
  steam_alerts: SteamAlertsTable;
}
