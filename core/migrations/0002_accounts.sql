-- Accounts: sessions, OAuth identities, profiles, usage metering, preferences, personal API keys and
-- password reset (spec 000 §3–§9, DECISIONS 2, 5, 6, 16).

-- An admin flag: a plan flagged unlimited passes every guard (spec 000 §6).
ALTER TABLE plan_states ADD COLUMN unlimited boolean NOT NULL DEFAULT false;

-- One family per sign-in; every refresh token issued from it belongs to the family, so reuse of a
-- rotated token revokes all of them at once.
CREATE TABLE session_families (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  revoked_at     timestamptz,
  revoke_reason  text CHECK (revoke_reason IN ('logout', 'reuse', 'password_reset'))
);
CREATE INDEX session_families_user_idx ON session_families (user_id) WHERE revoked_at IS NULL;

-- Opaque refresh tokens, stored as SHA-256 of the token (the token itself has 256 bits of entropy).
CREATE TABLE refresh_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  family_id    uuid NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
  token_hash   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  rotated_at   timestamptz
);
CREATE UNIQUE INDEX refresh_tokens_hash_key ON refresh_tokens (token_hash);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE oauth_identities (
  provider    text NOT NULL CHECK (provider IN ('google', 'apple')),
  subject     text NOT NULL,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX oauth_identities_user_idx ON oauth_identities (user_id);

-- DECISIONS 6: 3–20 letters, digits or underscore, no leading or trailing underscore, unique ignoring
-- case, locked once set.
CREATE TABLE profiles (
  id          uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  username    text CHECK (username ~ '^[A-Za-z0-9](?:[A-Za-z0-9_]{1,18})[A-Za-z0-9]$'),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_username_lower_key ON profiles (lower(username));

CREATE FUNCTION profiles_username_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.username IS NOT NULL AND NEW.username IS DISTINCT FROM OLD.username THEN
    RAISE EXCEPTION 'Username is locked and cannot be changed.' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER profiles_username_locked BEFORE UPDATE OF username ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_username_locked();

-- Free-plan metering: odds-data calls per user per calendar month (UTC), keyed by the month's first day.
CREATE TABLE usage_counters (
  user_id  uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period   date NOT NULL CHECK (extract(day FROM period) = 1),
  calls    integer NOT NULL DEFAULT 0 CHECK (calls >= 0),
  PRIMARY KEY (user_id, period)
);

-- Bankroll in integer cents; a missing row means the defaults (DECISIONS 16).
CREATE TABLE preferences (
  user_id             uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sportsbooks         text[] NOT NULL,
  props_sportsbooks   text[] NOT NULL,
  bankroll_cents      bigint NOT NULL CHECK (bankroll_cents BETWEEN 0 AND 100000000),
  favorites           text[] NOT NULL DEFAULT '{}',
  odds_format         text NOT NULL DEFAULT 'american' CHECK (odds_format IN ('american', 'decimal', 'fractional')),
  updated_at          timestamptz NOT NULL DEFAULT now()
);

-- DECISIONS 5: Platinum personal API keys, accepted as `x-api-key`; only a SHA-256 of the key is kept.
CREATE TABLE api_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  key_prefix    text NOT NULL,
  key_hash      text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE UNIQUE INDEX api_keys_hash_key ON api_keys (key_hash);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

-- Single-use, expiring password reset tokens, stored as SHA-256.
CREATE TABLE password_reset_tokens (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE UNIQUE INDEX password_reset_tokens_hash_key ON password_reset_tokens (token_hash);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);
