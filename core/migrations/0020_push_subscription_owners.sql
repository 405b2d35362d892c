-- A push subscription is a row per (user, endpoint): registering an endpoint another account had registered moved it to
-- the new account, and its owner could then neither hear alerts on it nor remove it. Each account now keeps, and
-- removes, only its own row; a browser shared by two accounts holds one row each.
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_endpoint_key;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_user_endpoint_key UNIQUE (user_id, endpoint);
CREATE INDEX push_subscriptions_endpoint_idx ON push_subscriptions (endpoint);
