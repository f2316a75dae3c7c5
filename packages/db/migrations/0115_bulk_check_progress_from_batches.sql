-- Bulk check jobs store their answers faster and count progress without a hot row:
-- * a job's progress is counted from its stored batches (bulk_check_batches.done_at), so batches stored at
--   the same time no longer update, and wait on, one job row;
-- * a batch's answers are inserted into bulk_check_results (one row per answered entry) rather than
--   updating its 100 rows of bulk_check_entries, which rewrote every row and both of its indexes.

ALTER TABLE bulk_check_jobs DROP COLUMN done;

CREATE TABLE bulk_check_results (
  job_id       uuid NOT NULL REFERENCES bulk_check_jobs(id) ON DELETE CASCADE,
  -- The entry answered (bulk_check_entries.position); written with its batch's done_at, once.
  position     integer NOT NULL,
  -- The verdict (null for a per-row error), the matched jurisdiction, and the whole answer as /v1/check/batch gives it.
  verdict      text,
  jurisdiction text,
  result       jsonb NOT NULL,
  PRIMARY KEY (job_id, position)
);
CREATE INDEX bulk_check_results_verdict ON bulk_check_results (job_id, verdict);

INSERT INTO bulk_check_results (job_id, position, verdict, jurisdiction, result)
SELECT job_id, position, verdict, jurisdiction, result FROM bulk_check_entries WHERE result IS NOT NULL;

DROP INDEX bulk_check_entries_verdict;
ALTER TABLE bulk_check_entries DROP COLUMN verdict, DROP COLUMN jurisdiction, DROP COLUMN result;
