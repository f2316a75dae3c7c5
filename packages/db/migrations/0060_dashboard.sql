-- Dashboard: attempt counters for sign-in/sign-up limits, keys issued for one dashboard action, session indexes.

-- Fixed-window counters; scope names the limit and its subject (e.g. `sign-in-email:<sha256 hex>`).
CREATE TABLE dashboard_attempts (
  scope        text NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, window_start)
);
CREATE INDEX dashboard_attempts_window ON dashboard_attempts (window_start);

-- An API key the dashboard issued for one call to the gateway on the user's behalf (webhook test,
-- export). Its plaintext lives only in memory for that call; it is revoked right after and hidden
-- from the keys page.
CREATE TABLE dashboard_action_keys (
  key_id     uuid PRIMARY KEY REFERENCES api_keys(id) ON DELETE CASCADE,
  action     text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dashboard_action_keys_created ON dashboard_action_keys (created_at);

CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id);
CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);
CREATE INDEX dashboard_users_account ON dashboard_users (account_id);
