-- A created API key notifies `api_key_changes` with `n:<key id>` from its own transaction, so every
-- gateway replica forgets the keys it remembers as unknown (services/gateway/src/auth/key-cache.ts)
-- and a key sent before it existed works on its first call after the commit.
CREATE FUNCTION notify_api_key_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_key_changes', 'n:' || NEW.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_notify_insert AFTER INSERT ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_created();
