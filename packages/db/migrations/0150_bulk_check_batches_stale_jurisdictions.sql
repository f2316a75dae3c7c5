-- A check.batch reply names once, in its `_meta.stale_jurisdictions`, the registers past their SLA when the batch
-- was checked; each weakens the batch's `not_found`, `generic_term` and `name_match_only` rows (SPEC). The job page's
-- table reads no reply, so the worker keeps those codes on the batch's row beside the reply. NULL on batches stored
-- before this migration: the page reads those from the reply. Adding a nullable column rewrites nothing.
ALTER TABLE bulk_check_batches ADD COLUMN stale_jurisdictions text[];
