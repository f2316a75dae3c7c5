-- Pruning statements find their rows by index (ADR 0098): expiry notices of a date already past,
-- export requests older than the usage history.
CREATE INDEX expiry_notices_expiry_date ON expiry_notices (expiry_date);
CREATE INDEX export_requests_requested_at ON export_requests (requested_at);
