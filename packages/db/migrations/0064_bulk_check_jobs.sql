-- Dashboard bulk check jobs: a list of domains checked in the background in batches of 100
-- (one JetStream message each), progress and every answer kept per entry.

CREATE TABLE bulk_check_jobs (
  id           uuid PRIMARY KEY,
  account_id   uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  source_name  text NOT NULL,
  -- ready: read and waiting for the person to start it; running; done; stopped (stop_reason says why).
  state        text NOT NULL CHECK (state IN ('ready', 'running', 'done', 'stopped')),
  stop_reason  text,
  total        integer NOT NULL CHECK (total > 0),
  done         integer NOT NULL DEFAULT 0,
  batches      integer NOT NULL CHECK (batches > 0),
  -- What reading the list did (header, blanks, duplicates, junk lines), as shown before the start.
  input_report jsonb NOT NULL,
  -- The action key (dashboard_action_keys, 'bulk_check') the job's batches are counted against; revoked when the job ends.
  key_id       uuid REFERENCES api_keys(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL,
  started_at   timestamptz,
  finished_at  timestamptz
);
CREATE INDEX bulk_check_jobs_account ON bulk_check_jobs (account_id, created_at DESC);

CREATE TABLE bulk_check_entries (
  job_id       uuid NOT NULL REFERENCES bulk_check_jobs(id) ON DELETE CASCADE,
  position     integer NOT NULL,
  line         integer NOT NULL,
  input        text NOT NULL,
  domain       text NOT NULL,
  -- Filled when the entry's batch is answered: the verdict (null for a per-row error), the matched
  -- jurisdiction, and the whole answer as /v1/check/batch gives it.
  verdict      text,
  jurisdiction text,
  result       jsonb,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX bulk_check_entries_verdict ON bulk_check_entries (job_id, verdict);

-- A batch counted against the monthly quota (once, whatever the redeliveries) and when it was stored.
CREATE TABLE bulk_check_batches (
  job_id     uuid NOT NULL REFERENCES bulk_check_jobs(id) ON DELETE CASCADE,
  batch      integer NOT NULL,
  charged_at timestamptz NOT NULL,
  done_at    timestamptz,
  PRIMARY KEY (job_id, batch)
);
