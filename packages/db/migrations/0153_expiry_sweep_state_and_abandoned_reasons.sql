-- ADR 0102. The last UTC day the expiry scan swept to its end: each pass sweeps again every day from that one to its
-- own (at most 29 days back), so a day on which no notifier replica ran is caught up; `expiry_notices` keeps each
-- notice to one. One row, absent until the first pass (which looks at its own day only).
CREATE TABLE expiry_sweep_state (
  id            boolean PRIMARY KEY DEFAULT true CHECK (id),
  swept_through date NOT NULL
);

-- Why an abandoned delivery ended: every attempt failed, or its event was withdrawn before its next attempt (the
-- attempt is not made). NULL on deliveries that are not abandoned. Rows abandoned before this migration exhausted
-- their attempts: that was the only way to be abandoned.
ALTER TABLE webhook_deliveries
  ADD COLUMN abandoned_reason text CHECK (abandoned_reason IN ('attempts_exhausted', 'event_withdrawn'));
UPDATE webhook_deliveries SET abandoned_reason = 'attempts_exhausted' WHERE status = 'abandoned';
