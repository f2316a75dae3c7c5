-- The gateway's retention purge deletes records whose five years have ended, oldest first.
CREATE INDEX evidence_records_expires ON evidence_records (expires_at);
