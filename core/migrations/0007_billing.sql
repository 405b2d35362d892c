-- Billing with Stripe (spec 000 §1, §4, §7; DECISIONS 1–4). plan_states stays the one record of
-- access; these tables hold what Stripe told us, so every plan change can be derived again from them.

-- One Stripe customer per user, created on the first checkout, with the user id in its metadata.
CREATE TABLE billing_customers (
  user_id                   uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  stripe_customer_id        text NOT NULL,
  -- The latest checkout session opened for the user; a new one expires it, so two tabs cannot buy twice.
  open_checkout_session_id  text,
  created_at                timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX billing_customers_stripe_key ON billing_customers (stripe_customer_id);

-- Each subscription as Stripe last reported it. `observed_at` is when Stripe reported that state (the event's
-- created time), so an older report arriving late never replaces a newer one.
CREATE TABLE billing_subscriptions (
  stripe_subscription_id  text PRIMARY KEY,
  user_id                 uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  stripe_customer_id      text NOT NULL,
  status                  text NOT NULL CHECK (status IN ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')),
  plan                    text NOT NULL CHECK (plan IN ('gold', 'platinum')),
  price_id                text NOT NULL,
  item_id                 text,
  amount_cents            integer NOT NULL CHECK (amount_cents >= 0),
  currency                text NOT NULL,
  current_period_end      timestamptz,
  cancel_at_period_end    boolean NOT NULL DEFAULT false,
  ended_at                timestamptz,
  observed_at             timestamptz NOT NULL,
  -- The latest failed renewal (invoice.payment_failed) not yet followed by a paid one: "update your card".
  payment_failed_at       timestamptz,
  last_paid_at            timestamptz,
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_subscriptions_user_idx ON billing_subscriptions (user_id);

-- Every Stripe event applied, once: a redelivered event finds its id here and changes nothing.
CREATE TABLE billing_events (
  stripe_event_id  text PRIMARY KEY,
  type             text NOT NULL,
  received_at      timestamptz NOT NULL DEFAULT now()
);

-- Gifts of one month of Platinum (DECISIONS 4): bought through a one-time checkout, or granted by support.
-- A paid gift for an address without an account waits for the sign-up with that address.
CREATE TABLE billing_gifts (
  id                   uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_email      text NOT NULL CHECK (recipient_email = lower(recipient_email) AND position('@' IN recipient_email) > 1),
  purchaser_user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  source               text NOT NULL CHECK (source IN ('checkout', 'support')),
  checkout_session_id  text,
  status               text NOT NULL CHECK (status IN ('pending_payment', 'paid', 'granted', 'expired')),
  -- How a granted gift was given: a month of Platinum, or (to a live subscriber) a credit on their Stripe balance.
  granted_as           text CHECK (granted_as IN ('plan', 'credit')),
  recipient_user_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at           timestamptz NOT NULL DEFAULT now(),
  paid_at              timestamptz,
  granted_at           timestamptz
);
CREATE UNIQUE INDEX billing_gifts_checkout_key ON billing_gifts (checkout_session_id);
CREATE INDEX billing_gifts_waiting_idx ON billing_gifts (recipient_email) WHERE status = 'paid';
CREATE INDEX billing_gifts_pending_idx ON billing_gifts (created_at) WHERE status = 'pending_payment';

-- The local checkout (no Stripe key, outside production): the customers, sessions, subscriptions and invoices
-- it keeps, as the JSON objects Stripe's API would answer with.
CREATE TABLE billing_local_objects (
  id           text PRIMARY KEY,
  object       text NOT NULL CHECK (object IN ('customer', 'checkout.session', 'subscription', 'invoice')),
  customer_id  text,
  data         jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billing_local_objects_customer_idx ON billing_local_objects (customer_id, object);
