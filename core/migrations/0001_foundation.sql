-- Foundation: who the users are and which plan they hold.
-- Credentials, sessions, profiles and the rest of the accounts model come in later migrations.

CREATE TABLE users (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email       text NOT NULL CHECK (email = lower(email) AND position('@' IN email) > 1),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE password_credentials (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hash        text NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per user; a missing row means the free plan.
CREATE TABLE plan_states (
  user_id               uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  plan                  text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'gold', 'platinum')),
  status                text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'trialing', 'past_due', 'canceled', 'incomplete')),
  current_period_end    timestamptz,
  is_gifted             boolean NOT NULL DEFAULT false,
  cancel_at_period_end  boolean NOT NULL DEFAULT false,
  updated_at            timestamptz NOT NULL DEFAULT now()
);
