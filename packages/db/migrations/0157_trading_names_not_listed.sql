-- A trading name the register stops printing is kept, with the first read that no longer printed it (ADR 0106);
-- null while the latest successful read prints it. last_seen_at is the latest read that printed it.
ALTER TABLE trading_names ADD COLUMN not_listed_since timestamptz;
