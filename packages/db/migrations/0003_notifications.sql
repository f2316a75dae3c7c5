-- Events, watchlists, webhook endpoints, secrets and deliveries.

CREATE TABLE events (
  seq          bigserial PRIMARY KEY,
  event_id     text NOT NULL UNIQUE,
  event_name   text NOT NULL,
  operator_id  uuid,
  license_id   uuid,
  history_id   uuid,
  payload      jsonb NOT NULL,
  emitted_at   timestamptz NOT NULL,
  received_at  timestamptz NOT NULL
);
CREATE INDEX events_operator ON events (operator_id, seq);
CREATE INDEX events_emitted ON events (emitted_at);

CREATE TABLE watchlist_entries (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL REFERENCES accounts(id),
  operator_id uuid NOT NULL REFERENCES operators(id),
  added_at    timestamptz NOT NULL,
  UNIQUE (account_id, operator_id)
);

CREATE TABLE webhook_endpoints (
  id                   uuid PRIMARY KEY,
  account_id           uuid NOT NULL REFERENCES accounts(id),
  url                  text NOT NULL,
  description          text,
  events               text[] NOT NULL,
  active               boolean NOT NULL DEFAULT true,
  watchlist_only       boolean NOT NULL DEFAULT true,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  last_delivered_at    timestamptz,
  last_delivery_status text CHECK (last_delivery_status IN ('success','failed','retrying')),
  failure_count        integer NOT NULL DEFAULT 0,
  missed_deliveries    integer NOT NULL DEFAULT 0
);
CREATE INDEX webhook_endpoints_account ON webhook_endpoints (account_id);

CREATE TABLE webhook_secrets (
  id          uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  ciphertext  bytea NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz
);
CREATE INDEX webhook_secrets_endpoint ON webhook_secrets (endpoint_id);

CREATE TABLE webhook_deliveries (
  id                   uuid PRIMARY KEY,
  endpoint_id          uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id             text NOT NULL,
  event_type           text NOT NULL,
  attempt_count        integer NOT NULL DEFAULT 0,
  last_attempt_at      timestamptz,
  next_retry_at        timestamptz NOT NULL,
  status               text NOT NULL CHECK (status IN ('pending','delivered','failed','abandoned')),
  last_response_status integer,
  last_error           text,
  lease_until          timestamptz,
  created_at           timestamptz NOT NULL,
  delivered_at         timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_retry_at) WHERE status IN ('pending','failed');
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC);

-- license.expiring_Nd is emitted once per licence, threshold and expiry date.
CREATE TABLE expiry_notices (
  license_id  uuid NOT NULL REFERENCES licenses(id),
  days_before integer NOT NULL,
  expiry_date date NOT NULL,
  event_id    text NOT NULL,
  emitted_at  timestamptz NOT NULL,
  PRIMARY KEY (license_id, days_before, expiry_date)
);

-- Last coverage state seen per jurisdiction, for coverage.degraded / coverage.restored transitions.
CREATE TABLE coverage_state (
  jurisdiction_code text PRIMARY KEY REFERENCES jurisdictions(code),
  fresh             boolean NOT NULL,
  changed_at        timestamptz NOT NULL
);
