-- Notifier: lookups the feed, the delivery worker and the retention purge need.

-- The feed serves an event queued for one of the caller's endpoints: deliveries by event id.
CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id);

-- Terminal deliveries are purged after the delivery history retention.
CREATE INDEX webhook_deliveries_finished ON webhook_deliveries (created_at) WHERE status IN ('delivered', 'abandoned');

-- Deliveries listing with a status filter, newest first.
CREATE INDEX webhook_deliveries_endpoint_status ON webhook_deliveries (endpoint_id, status, created_at DESC);

-- Feed and GET /v1/watchlist list entries newest first per account.
CREATE INDEX watchlist_entries_account_added ON watchlist_entries (account_id, added_at DESC);

-- Withdrawn-event filter joins events to license_history by history id.
CREATE INDEX events_history ON events (history_id) WHERE history_id IS NOT NULL;

-- Secrets are stored encrypted (AES-256-GCM, key from deployment config); never a plaintext column.
COMMENT ON COLUMN webhook_secrets.ciphertext IS 'AES-256-GCM: version(1) | iv(12) | ciphertext | tag(16)';
