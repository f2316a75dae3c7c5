-- The delivery worker leases due deliveries endpoint by endpoint (a few per endpoint at a time).
CREATE INDEX webhook_deliveries_endpoint_due ON webhook_deliveries (endpoint_id, next_retry_at) WHERE status IN ('pending', 'failed');
