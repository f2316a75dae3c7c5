-- The dashboard's record of the action a one-call key served outlives the key: the sweep deletes revoked
-- action keys after 30 days, but usage_daily keeps their calls for 13 months, and GET /v1/usage names them
-- by this record ("Dashboard: bulk check"), not by the key. Without the cascade the sweep forgets a record
-- itself once its key is gone and its calls are past the usage retention.
ALTER TABLE dashboard_action_keys DROP CONSTRAINT dashboard_action_keys_key_id_fkey;
