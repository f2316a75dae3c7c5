-- Calls and refusals per account, key and UTC day, for the usage page and GET /v1/usage. Informational:
-- limit_counters stays the authority on limits. `outcome` is 'call' for an admitted call, else the
-- refusal's reason (429 per_second_limit_exceeded, 402 endpoint_requires_paid_plan, ...). key_id has no
-- foreign key: a deleted key's past calls still belong to the account's history.
CREATE TABLE usage_daily (
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  day        date NOT NULL,
  key_id     uuid NOT NULL,
  outcome    text NOT NULL CHECK (outcome ~ '^[a-z_]{1,64}$'),
  count      bigint NOT NULL CHECK (count >= 0),
  PRIMARY KEY (account_id, day, key_id, outcome)
);
