-- The bulk check job page's table shows, besides the verdict and jurisdiction, the matched operator's name, the
-- licence number and a per-row error code: each answer row keeps them (written by the worker from the reply it
-- already parses), so a page reads no batch reply at all, however many batches its rows are spread over.
-- `table_fields` says the row has them: rows stored before this migration (false) are still shown from their
-- batch's reply. Adding the columns rewrites nothing (a constant default); no backfill, which would rewrite
-- every answer row of every job kept.
ALTER TABLE bulk_check_results
  ADD COLUMN operator text,
  ADD COLUMN license_number text,
  ADD COLUMN error text,
  ADD COLUMN table_fields boolean NOT NULL DEFAULT false;
