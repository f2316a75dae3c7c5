-- A bulk check batch keeps the checker's reply as it came (text, one value per batch) instead of
-- PostgreSQL parsing it into 100 jsonb rows: parsing and storing the answers as jsonb was the
-- largest cost of a batch. bulk_check_results keeps one small row per answered entry, with what
-- the result table filters and the watchlist reads (verdict, jurisdiction, operator_slug).
ALTER TABLE bulk_check_batches ADD COLUMN answers text;

-- lz4 where the server has it: the replies are repetitive prose and compress several times
-- over, more cheaply than with the default pglz.
DO $$
BEGIN
  ALTER TABLE bulk_check_batches ALTER COLUMN answers SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN NULL;
END $$;

UPDATE bulk_check_batches b SET answers = (
  SELECT json_build_object('results', json_agg(r.result ORDER BY r.position))::text
  FROM bulk_check_results r WHERE r.job_id = b.job_id AND r.position >= b.batch * 100 AND r.position < b.batch * 100 + 100
) WHERE b.done_at IS NOT NULL;

ALTER TABLE bulk_check_results ADD COLUMN operator_slug text;
UPDATE bulk_check_results SET operator_slug = result -> 'match' ->> 'operator_slug';
ALTER TABLE bulk_check_results DROP COLUMN result;
