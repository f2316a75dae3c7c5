-- Accounts, plans, keys, usage counters, dashboard users.

CREATE TABLE plans (
  code                text PRIMARY KEY,
  name                text NOT NULL,
  monthly_quota       integer,          -- null: no monthly cap enforced
  per_second_limit    integer,          -- null: unlimited
  watchlist_cap       integer,          -- null: unlimited
  webhook_cap         integer,          -- null: unlimited
  polls_per_hour      integer,          -- null: unlimited
  exports_per_day     integer,          -- null: unlimited; 0: exports not allowed
  trial_daily_cap     integer,          -- legacy trial only
  is_trial            boolean NOT NULL DEFAULT false,
  rank                integer NOT NULL
);

INSERT INTO plans (code, name, monthly_quota, per_second_limit, watchlist_cap, webhook_cap, polls_per_hour, exports_per_day, trial_daily_cap, is_trial, rank) VALUES
  ('trial',      'Legacy trial', NULL,   NULL, 0,    0,    0,    0,    1000, true,  0),
  ('starter',    'Starter',      10000,  5,    25,   2,    10,   0,    NULL, false, 1),
  ('pro',        'Pro',          100000, 20,   250,  10,   60,   10,   NULL, false, 2),
  ('business',   'Business',     NULL,   100,  2500, 50,   600,  100,  NULL, false, 3),
  ('enterprise', 'Enterprise',   NULL,   NULL, NULL, NULL, NULL, NULL, NULL, false, 4);

CREATE TABLE accounts (
  id          uuid PRIMARY KEY,
  name        text NOT NULL,
  plan_code   text REFERENCES plans(code),
  plan_status text NOT NULL DEFAULT 'active' CHECK (plan_status IN ('active', 'canceled')),
  livemode    boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL
);

CREATE TABLE api_keys (
  id             uuid PRIMARY KEY,
  account_id     uuid NOT NULL REFERENCES accounts(id),
  key_hash       bytea NOT NULL UNIQUE CHECK (octet_length(key_hash) = 32),
  display_prefix text NOT NULL,
  label          text NOT NULL,
  created_at     timestamptz NOT NULL,
  last_used_at   timestamptz,
  revoked_at     timestamptz
);
CREATE INDEX api_keys_account ON api_keys (account_id);

-- Fixed-window counters shared by every gateway replica: scope names the limit and its subject.
CREATE TABLE usage_counters (
  scope        text NOT NULL,
  window_start timestamptz NOT NULL,
  count        integer NOT NULL DEFAULT 0,
  PRIMARY KEY (scope, window_start)
);

CREATE TABLE dashboard_users (
  id            uuid PRIMARY KEY,
  account_id    uuid NOT NULL REFERENCES accounts(id),
  email         text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL
);

CREATE TABLE dashboard_sessions (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES dashboard_users(id),
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);

CREATE TABLE export_requests (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL REFERENCES accounts(id),
  dataset     text NOT NULL,
  format      text NOT NULL,
  requested_at timestamptz NOT NULL,
  via         text NOT NULL DEFAULT 'api'
);
CREATE INDEX export_requests_account_day ON export_requests (account_id, requested_at);
