-- A delivery sent again on request is a new row for the same endpoint and event: the one-delivery-per-
-- event rule holds for fan-out only. resend_of names the delivery it repeats (null once that one is
-- removed by retention; is_resend stays).
ALTER TABLE webhook_deliveries ADD COLUMN is_resend boolean NOT NULL DEFAULT false;
ALTER TABLE webhook_deliveries ADD COLUMN resend_of uuid REFERENCES webhook_deliveries(id) ON DELETE SET NULL;
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_endpoint_id_event_id_key;
CREATE UNIQUE INDEX webhook_deliveries_fan_out ON webhook_deliveries (endpoint_id, event_id) WHERE NOT is_resend;
