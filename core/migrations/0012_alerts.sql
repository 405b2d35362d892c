-- Alerts that reach the user with the tab closed.

-- A user's alert rules. `min` is in the unit of the kind: profit PERCENT (arbitrage), middle probability PERCENT
-- (middle), EV PERCENT (ev). Empty sports / books mean any. Quiet hours are minutes of the day in `time_zone`
-- (start > end wraps midnight). The webhook is disabled after repeated failures; `notice` tells the user why.
CREATE TABLE alert_rules (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id              uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind                 text NOT NULL CHECK (kind IN ('arbitrage', 'middle', 'ev')),
  min                  double precision NOT NULL CHECK (min >= 0),
  sports               text[] NOT NULL DEFAULT '{}',
  books                text[] NOT NULL DEFAULT '{}',
  max_leg_age_seconds  integer CHECK (max_leg_age_seconds > 0),
  quiet_start          smallint CHECK (quiet_start BETWEEN 0 AND 1439),
  quiet_end            smallint CHECK (quiet_end BETWEEN 0 AND 1439),
  time_zone            text NOT NULL DEFAULT 'UTC',
  webhook_url          text,
  push                 boolean NOT NULL DEFAULT false,
  email                boolean NOT NULL DEFAULT false,
  webhook_failures     integer NOT NULL DEFAULT 0,
  webhook_disabled_at  timestamptz,
  notice               text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX alert_rules_user_idx ON alert_rules (user_id, created_at);
CREATE INDEX alert_rules_kind_idx ON alert_rules (kind);

-- The per-user secret that signs webhook bodies (HMAC-SHA256); kept readable because the workers sign with it.
CREATE TABLE alert_secrets (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Browsers' Web Push subscriptions (endpoint + the keys the payload is encrypted to).
CREATE TABLE push_subscriptions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint    text NOT NULL UNIQUE,
  p256dh      text NOT NULL,
  auth        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

-- Every delivery of an alert, by channel. The unique key makes one opportunity alert at most once per rule
-- (and channel): evaluation claims it with INSERT … ON CONFLICT DO NOTHING.
CREATE TABLE alert_deliveries (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  rule_id         uuid NOT NULL REFERENCES alert_rules (id) ON DELETE CASCADE,
  user_id         uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  opportunity_id  text NOT NULL,
  channel         text NOT NULL CHECK (channel IN ('webhook', 'push', 'email')),
  status          text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'skipped')),
  reason          text,
  attempts        integer NOT NULL DEFAULT 0,
  summary         jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (rule_id, opportunity_id, channel)
);
CREATE INDEX alert_deliveries_rule_idx ON alert_deliveries (rule_id, created_at DESC, id DESC);
CREATE INDEX alert_deliveries_user_idx ON alert_deliveries (user_id, created_at);
CREATE INDEX alert_deliveries_email_idx ON alert_deliveries (status, channel) WHERE status = 'pending' AND channel = 'email';
