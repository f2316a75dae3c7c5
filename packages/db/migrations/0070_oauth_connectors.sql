-- OAuth 2.1 for assistant connectors: the dashboard is the authorisation server, the gateway's
-- /mcp/account the resource server. Codes and refresh tokens are stored as SHA-256 only.

-- Clients registered by RFC 7591 dynamic registration: public clients (PKCE, no secret).
CREATE TABLE oauth_clients (
  id            text PRIMARY KEY,
  client_name   text NOT NULL,
  redirect_uris text[] NOT NULL CHECK (cardinality(redirect_uris) BETWEEN 1 AND 10),
  created_at    timestamptz NOT NULL
);

-- One approval on the consent page. Its calls are counted as the account's through a key the
-- grant owns (never shown, hidden from the keys page): revoking the grant revokes that key.
CREATE TABLE oauth_grants (
  id          uuid PRIMARY KEY,
  client_id   text NOT NULL REFERENCES oauth_clients(id),
  user_id     uuid NOT NULL REFERENCES dashboard_users(id),
  account_id  uuid NOT NULL REFERENCES accounts(id),
  key_id      uuid NOT NULL UNIQUE REFERENCES api_keys(id),
  resource    text NOT NULL,
  scope       text NOT NULL,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  -- why the grant ended: user, refresh_token_reuse, authorization_code_reuse, sign_out_everywhere, password_change
  revoked_reason text
);
CREATE INDEX oauth_grants_account ON oauth_grants (account_id) WHERE revoked_at IS NULL;
CREATE INDEX oauth_grants_user ON oauth_grants (user_id) WHERE revoked_at IS NULL;

CREATE TABLE oauth_authorization_codes (
  code_hash      bytea PRIMARY KEY CHECK (octet_length(code_hash) = 32),
  grant_id       uuid NOT NULL REFERENCES oauth_grants(id),
  redirect_uri   text NOT NULL,
  code_challenge text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz
);
CREATE INDEX oauth_authorization_codes_expires ON oauth_authorization_codes (expires_at);

-- Every refresh token a grant was given; a used one is kept, so presenting it again is recognised as reuse.
CREATE TABLE oauth_refresh_tokens (
  token_hash bytea PRIMARY KEY CHECK (octet_length(token_hash) = 32),
  grant_id   uuid NOT NULL REFERENCES oauth_grants(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX oauth_refresh_tokens_grant ON oauth_refresh_tokens (grant_id);
CREATE INDEX oauth_refresh_tokens_expires ON oauth_refresh_tokens (expires_at);
