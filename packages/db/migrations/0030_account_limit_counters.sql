-- One row per limited subject (an account; a legacy trial key), updated in place by a single upsert
-- per keyed call: the per-second window and the quota window (the UTC month for plans, the UTC day
-- for trial keys) live side by side so admission is one row lock and one HOT update.
CREATE TABLE limit_counters (
  subject            uuid PRIMARY KEY,
  second_start       timestamptz NOT NULL,
  second_count       integer NOT NULL,
  quota_window_start timestamptz NOT NULL,
  quota_count        integer NOT NULL,
  last_admitted      boolean NOT NULL
) WITH (fillfactor = 70);
