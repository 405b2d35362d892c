-- A personal API key's scopes, chosen when it is made: `read` (what every key did before, so existing keys keep
-- exactly that) and `picks:write` (the MCP server's write tools: track a pick, create an alert). Every key reads.
ALTER TABLE api_keys ADD COLUMN scopes text[] NOT NULL DEFAULT ARRAY['read']::text[]
  CONSTRAINT api_keys_scopes_known CHECK (scopes <@ ARRAY['read', 'picks:write']::text[] AND 'read' = ANY (scopes));
