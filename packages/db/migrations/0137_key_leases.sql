-- Key-cache leases and allowance leases (docs/adr/0031-key-cache-and-allowance-leases.md; rules in
-- packages/leases, statements in packages/accounts/src/key-leases.ts and packages/quota/src/allowance-return.ts).

-- 1. One revision counter for every change a gateway replica must apply on the next call: a key revoked,
--    moved or re-hashed or deleted, an account's plan or plan status changed, a plan's limits changed. The
--    triggers of migration 0031 advance it in the changing transaction, which holds the one row's lock
--    until it commits: revisions follow commit order, so a read that sees revision r sees every change up
--    to r.
CREATE TABLE key_revision (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  revision bigint NOT NULL
);
INSERT INTO key_revision (revision) VALUES (0);

CREATE OR REPLACE FUNCTION notify_api_key_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('api_key_changes', 'k:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'accounts' THEN
    PERFORM pg_notify('api_key_changes', 'a:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('api_key_changes', 'p:' || OLD.code);
  END IF;
  UPDATE key_revision SET revision = revision + 1;
  RETURN NULL;
END
$$;

-- 2. One row per gateway replica that answers keys from its cache under a lease: the store time until
--    which it may, the revision every key it holds was checked at, and the fence below which its
--    acknowledgements are refused (a key change counted it out by the expiry of its lease).
CREATE TABLE key_lease_replicas (
  replica_id text PRIMARY KEY,
  lease_until timestamptz NOT NULL,
  acked_revision bigint NOT NULL DEFAULT 0,
  fenced_revision bigint NOT NULL DEFAULT 0
);

-- Allowance leases need no table of their own: a replica's grant of n calls is counted in limit_counters by
-- the keyed counting statement as n calls at once (under the row lock, so grants and calls counted one batch
-- at a time share one ledger), and what it gives back unused leaves the same window's counts.
