-- Export cache: one whole-dataset file per slice and register state, stored in chunks so neither the
-- exporter nor the gateway ever holds a whole file in memory. Files hold register data only, never
-- account data; who asked for an export is in export_requests (0002).
CREATE TABLE export_files (
  id                uuid PRIMARY KEY,
  -- dataset|format|jurisdiction|status: the slice, without the register state
  slice_key         text NOT NULL,
  dataset           text NOT NULL CHECK (dataset IN ('licences', 'operators', 'domains')),
  format            text NOT NULL CHECK (format IN ('csv', 'json')),
  jurisdiction_code text,
  status            text,
  version_key       text NOT NULL,
  data_version      bigint NOT NULL,
  row_count         integer NOT NULL,
  size_bytes        bigint NOT NULL,
  chunk_count       integer NOT NULL,
  sha256            text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content_type      text NOT NULL,
  filename          text NOT NULL,
  built_at          timestamptz NOT NULL,
  build_ms          integer NOT NULL,
  last_requested_at timestamptz NOT NULL,
  UNIQUE (slice_key, version_key)
);
CREATE INDEX export_files_slice ON export_files (slice_key, built_at DESC);

CREATE TABLE export_chunks (
  -- deferred: chunks are written while the file is built, its row once the totals are known
  file_id uuid NOT NULL REFERENCES export_files(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  seq     integer NOT NULL CHECK (seq >= 0),
  data    bytea NOT NULL,
  PRIMARY KEY (file_id, seq)
);
