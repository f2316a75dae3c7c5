-- Dashboard: sign-ups wait for their email address to be confirmed; sessions end when left idle.

-- A sign-up whose link has not been opened yet. Nothing else exists for it: the account and user are
-- created only when the link is confirmed. The link's token is stored as SHA-256 only.
CREATE TABLE dashboard_sign_ups (
  token_hash    bytea PRIMARY KEY,
  email         text NOT NULL CHECK (email = lower(email)),
  password_hash text NOT NULL,
  account_name  text NOT NULL,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX dashboard_sign_ups_email ON dashboard_sign_ups (email);
CREATE INDEX dashboard_sign_ups_expires ON dashboard_sign_ups (expires_at);

-- When the session was last used; older than the idle timeout, it no longer signs anyone in.
ALTER TABLE dashboard_sessions ADD COLUMN last_seen_at timestamptz;
UPDATE dashboard_sessions SET last_seen_at = created_at;
ALTER TABLE dashboard_sessions ALTER COLUMN last_seen_at SET NOT NULL;
