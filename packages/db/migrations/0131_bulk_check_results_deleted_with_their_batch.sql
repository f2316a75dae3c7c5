-- A bulk check's answer rows go with their batch's row (and so with their job and account) by a trigger instead
-- of a foreign key to the job: the foreign key checked, and share-locked, the job's row once for every answer
-- inserted, about a quarter of PostgreSQL's cost of storing a batch (ADR 0037). An answer row is only ever
-- inserted by the statement that marks its batch's row done, so it never outlives that row: deleting the batch
-- row waits for that statement to commit, and the trigger then sees its rows.
ALTER TABLE bulk_check_results DROP CONSTRAINT bulk_check_results_job_id_fkey;

CREATE FUNCTION bulk_check_results_delete_with_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM bulk_check_results WHERE job_id = OLD.job_id AND position >= OLD.batch * 100 AND position < OLD.batch * 100 + 100;
  RETURN OLD;
END $$;

CREATE TRIGGER bulk_check_results_delete_with_batch AFTER DELETE ON bulk_check_batches
  FOR EACH ROW EXECUTE FUNCTION bulk_check_results_delete_with_batch();
