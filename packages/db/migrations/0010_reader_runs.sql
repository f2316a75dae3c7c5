-- One row per reader run of a jurisdiction (register + enforcement publication read together).
-- Written only when the run ends: with the reconciliation when it succeeds, on its own when it fails,
-- so a reader killed mid-run leaves no trace.
CREATE TABLE reader_runs (
  id                uuid PRIMARY KEY,
  jurisdiction_code text NOT NULL REFERENCES jurisdictions(code),
  job_id            text,
  started_at        timestamptz NOT NULL,
  finished_at       timestamptz NOT NULL,
  outcome           text NOT NULL CHECK (outcome IN ('succeeded', 'failed')),
  failure_reason    text,
  failure_detail    text,
  changed           boolean NOT NULL DEFAULT false,
  counts            jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX reader_runs_by_jurisdiction ON reader_runs (jurisdiction_code, started_at DESC);

ALTER TABLE register_reads ADD COLUMN run_id uuid REFERENCES reader_runs(id);
CREATE INDEX register_reads_by_url ON register_reads (jurisdiction_code, source_url, started_at DESC);

-- Licence numbers an enforcement entry names, and the licence it was matched to.
ALTER TABLE regulatory_actions ADD COLUMN license_numbers text[] NOT NULL DEFAULT '{}';
ALTER TABLE regulatory_actions ADD COLUMN license_id uuid REFERENCES licenses(id);
ALTER TABLE regulatory_actions ADD COLUMN status_effect text CHECK (status_effect IN ('revoked', 'suspended'));
