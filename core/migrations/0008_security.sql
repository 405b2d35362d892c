-- Security and abuse.

-- API keys can be renamed and rotated (a new secret for the same key; the old one stops working at once).
ALTER TABLE api_keys ADD COLUMN rotated_at timestamptz;

-- A user's security history (sign-ins, failed sign-ins, resets, keys, plan changes, ops actions), shown to
-- them on /account. Other domains write through AuditService.record; rows are never updated. user_id is the
-- account the event concerns (null for an event of no account); actor_id who acted when it was someone else
-- (an operator), null when the user or the system did.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     uuid REFERENCES users (id) ON DELETE CASCADE,
  actor_id    uuid REFERENCES users (id) ON DELETE SET NULL,
  action      text NOT NULL CHECK (action ~ '^[a-z][a-z0-9_.]{1,63}$'),
  ip          text,
  user_agent  text,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_user_idx ON audit_log (user_id, created_at DESC, id DESC);
