-- W3C traceparent of the reader run that wrote an outbox row (null when tracing is off), so the relay
-- publishes the event within that run's trace.
ALTER TABLE outbox ADD COLUMN trace_context text;
