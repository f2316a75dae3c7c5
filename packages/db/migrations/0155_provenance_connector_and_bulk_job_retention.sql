-- Retention of the tables ADR 0098 left growing (ADR 0104): the provenance tables, connector registrations and
-- grants, bulk check jobs. Each pruning statement finds its rows by an index, and so does every check a
-- deletion makes (the foreign keys naming a deleted row, and what must be kept).

-- Provenance. Reads, readings and runs past the operations window are found by time; a snapshot freed by a
-- deleted read is checked against everything that may name it; a run against the reads that name it.
-- IF NOT EXISTS: on a large register_reads an operator may build these first with CREATE INDEX CONCURRENTLY
-- under the same names (ADR 0104), so the migration does not hold the reader's writes while it builds them.
CREATE INDEX IF NOT EXISTS register_reads_started ON register_reads (started_at);
CREATE INDEX IF NOT EXISTS register_reads_snapshot ON register_reads (snapshot_sha256, started_at) WHERE snapshot_sha256 IS NOT NULL;
CREATE INDEX IF NOT EXISTS register_reads_run ON register_reads (run_id) WHERE run_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS reader_runs_started ON reader_runs (started_at);
CREATE INDEX IF NOT EXISTS verification_readings_read_at ON verification_readings (read_at);
CREATE INDEX IF NOT EXISTS verification_readings_snapshot ON verification_readings (snapshot_sha256) WHERE snapshot_sha256 IS NOT NULL;
CREATE INDEX IF NOT EXISTS license_history_register_read ON license_history (register_read_id) WHERE register_read_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS license_history_snapshot ON license_history (snapshot_sha256) WHERE snapshot_sha256 IS NOT NULL;
CREATE INDEX IF NOT EXISTS regulatory_actions_snapshot ON regulatory_actions (snapshot_sha256) WHERE snapshot_sha256 IS NOT NULL;

-- When the last token of a grant lapses: the expiry of the newest refresh token it was issued (or of its code),
-- brought forward to the revocation. Refresh tokens are deleted once expired, so the time is kept on the grant.
-- Grants whose tokens are all gone already are given the time of this migration: their last token lapsed
-- before it, so no grant is deleted earlier than its own tokens allow.
ALTER TABLE oauth_grants ADD COLUMN lapses_at timestamptz;
UPDATE oauth_grants g SET lapses_at = least(
  g.revoked_at,
  coalesce((SELECT max(r.expires_at) FROM oauth_refresh_tokens r WHERE r.grant_id = g.id), now())
);
ALTER TABLE oauth_grants ALTER COLUMN lapses_at SET NOT NULL;
CREATE INDEX IF NOT EXISTS oauth_grants_lapses ON oauth_grants (lapses_at);
CREATE INDEX IF NOT EXISTS oauth_grants_client ON oauth_grants (client_id);
CREATE INDEX IF NOT EXISTS oauth_clients_created ON oauth_clients (created_at);

-- A bulk check job that ended (or was never started) is deleted a while after it ended (or was read).
CREATE INDEX IF NOT EXISTS bulk_check_jobs_ended ON bulk_check_jobs ((coalesce(finished_at, created_at))) WHERE state <> 'running';
