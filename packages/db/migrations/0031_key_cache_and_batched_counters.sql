-- Gateway key cache invalidation and batched counters (docs/adr/0007-key-cache-and-batched-counters.md).

-- 1. Everything a gateway replica caches about an API key (the key's revocation, its account's plan and
--    plan status, the plan's limits) notifies channel `api_key_changes` from the transaction that changes
--    it, so every replica drops the entry when that transaction commits. Payloads: `k:<key id>`,
--    `a:<account id>`, `p:<plan code>`. last_used_at stamps do not notify.
CREATE FUNCTION notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('api_key_changes', 'k:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('api_key_changes', 'a:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('api_key_changes', 'p:' || OLD.code);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER api_keys_notify_update AFTER UPDATE ON api_keys FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.account_id IS DISTINCT FROM NEW.account_id OR OLD.key_hash IS DISTINCT FROM NEW.key_hash)
  EXECUTE FUNCTION notify_api_key_change();
CREATE TRIGGER api_keys_notify_delete AFTER DELETE ON api_keys FOR EACH ROW EXECUTE FUNCTION notify_api_key_change();

CREATE TRIGGER accounts_notify_update AFTER UPDATE ON accounts FOR EACH ROW
  WHEN (OLD.plan_code IS DISTINCT FROM NEW.plan_code OR OLD.plan_status IS DISTINCT FROM NEW.plan_status)
  EXECUTE FUNCTION notify_api_key_change();
CREATE TRIGGER accounts_notify_delete AFTER DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION notify_api_key_change();

CREATE TRIGGER plans_notify_update AFTER UPDATE ON plans FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION notify_api_key_change();
CREATE TRIGGER plans_notify_delete AFTER DELETE ON plans FOR EACH ROW EXECUTE FUNCTION notify_api_key_change();

-- 2. Keyed calls are counted in batches: one statement counts every queued call of a replica for an
--    account, so the row records how many calls that statement admitted (the counts before it follow).
--    The table stays logged: UNLOGGED would forget a whole month of quota use on a crash (ADR 0007).
ALTER TABLE limit_counters DROP COLUMN last_admitted;
ALTER TABLE limit_counters ADD COLUMN last_batch_admitted integer NOT NULL DEFAULT 0;
