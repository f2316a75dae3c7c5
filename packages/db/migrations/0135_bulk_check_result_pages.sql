-- The bulk check job page reads one page of a job's answers at a time, in list order, by position
-- (keyset): an index per filter (verdict, jurisdiction) that ends with the position, so a page of a
-- 50,000-entry job reads its 100 rows from the index whatever the filter. (job_id, verdict, position)
-- also serves every query the (job_id, verdict) index did.
CREATE INDEX bulk_check_results_verdict_position ON bulk_check_results (job_id, verdict, position);
CREATE INDEX bulk_check_results_jurisdiction_position ON bulk_check_results (job_id, jurisdiction, position);
DROP INDEX bulk_check_results_verdict;

-- What the job page shows above the rows, counted once per state of a job's answers rather than on
-- every load: answers per verdict and jurisdiction (the bar chart, the filter's choices and the rows
-- each filter matches) and the distinct licensed operators (Watch these). `answered` is the number of
-- answers counted; a summary whose count differs from the job's stored answers is counted again.
CREATE TABLE bulk_check_summaries (
  job_id             uuid PRIMARY KEY REFERENCES bulk_check_jobs(id) ON DELETE CASCADE,
  answered           integer NOT NULL,
  -- [{ "verdict": text or null (a per-row error), "jurisdiction": text or null, "count": integer }]
  tallies            jsonb NOT NULL,
  licensed_operators integer NOT NULL
);
