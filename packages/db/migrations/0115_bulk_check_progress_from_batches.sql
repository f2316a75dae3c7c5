-- A bulk check job's progress is counted from its stored batches (bulk_check_batches.done_at), so
-- batches stored at the same time no longer update, and wait on, one job row.

ALTER TABLE bulk_check_jobs DROP COLUMN done;
