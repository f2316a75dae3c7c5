-- Signed check records: the JWS returned to the caller, kept for the account that asked, with the
-- snapshots it names (so GET /v1/snapshots/{sha256} can tell whether the account holds a record naming one).
CREATE TABLE evidence_records (
  id               text PRIMARY KEY CHECK (id ~ '^ev_[0-9A-HJKMNP-TV-Z]{26}$'),
  account_id       uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  kind             text NOT NULL CHECK (kind IN ('check', 'check_batch')),
  kid              text NOT NULL,
  jws              text NOT NULL,
  snapshot_sha256s text[] NOT NULL,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL
);
CREATE INDEX evidence_records_by_account ON evidence_records (account_id, created_at DESC);
CREATE INDEX evidence_records_snapshots ON evidence_records USING gin (snapshot_sha256s);
