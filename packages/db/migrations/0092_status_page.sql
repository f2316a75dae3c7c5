-- The public status page (GET /v1/status) lists failed reads of the last 30 days across all registers.
CREATE INDEX reader_runs_failed ON reader_runs (started_at) WHERE outcome = 'failed';
