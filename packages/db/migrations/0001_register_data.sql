-- Register data: jurisdictions, reads, snapshots, operators, licences, history, domains, actions.

CREATE TABLE jurisdictions (
  code            text PRIMARY KEY CHECK (code ~ '^[A-Z0-9]{2,16}$'),
  name            text NOT NULL,
  country_code    text NOT NULL,
  website         text NOT NULL,
  currency        text NOT NULL,
  license_types   text[] NOT NULL DEFAULT '{}',
  sla_hours       integer NOT NULL CHECK (sla_hours > 0),
  confidence_hint text NOT NULL CHECK (confidence_hint IN ('authoritative', 'scraped')),
  position        integer NOT NULL DEFAULT 0
);

-- Raw bytes of every publication read, content-addressed.
CREATE TABLE snapshots (
  sha256           text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  content          bytea NOT NULL,
  content_type     text,
  size_bytes       integer NOT NULL,
  first_fetched_at timestamptz NOT NULL
);

-- One row per fetch of one publication (register, enforcement list, verification page batch).
CREATE TABLE register_reads (
  id                uuid PRIMARY KEY,
  jurisdiction_code text NOT NULL REFERENCES jurisdictions(code),
  publication       text NOT NULL DEFAULT 'register',
  source_url        text NOT NULL,
  started_at        timestamptz NOT NULL,
  fetched_at        timestamptz,
  finished_at       timestamptz,
  http_status       integer,
  snapshot_sha256   text REFERENCES snapshots(sha256),
  snapshot_size     integer,
  outcome           text NOT NULL CHECK (outcome IN ('running', 'succeeded', 'not_modified', 'failed')),
  failure_reason    text,
  counts            jsonb NOT NULL DEFAULT '{}'::jsonb,
  etag              text,
  last_modified     text
);
CREATE INDEX register_reads_by_jurisdiction ON register_reads (jurisdiction_code, publication, started_at DESC);

-- Freshness and health per jurisdiction, advanced only by a successful run.
CREATE TABLE register_status (
  jurisdiction_code      text PRIMARY KEY REFERENCES jurisdictions(code),
  last_successful_read_at timestamptz,
  last_attempt_at        timestamptz,
  last_failure_at        timestamptz,
  last_failure_reason    text,
  consecutive_failures   integer NOT NULL DEFAULT 0,
  license_count          integer NOT NULL DEFAULT 0,
  domain_count           integer NOT NULL DEFAULT 0,
  operator_count         integer NOT NULL DEFAULT 0,
  data_version           bigint NOT NULL DEFAULT 0
);

CREATE TABLE operators (
  id              uuid PRIMARY KEY,
  slug            text NOT NULL UNIQUE CHECK (slug = lower(slug)),
  display_name    text NOT NULL,
  registered_name text NOT NULL,
  country         text,
  upstream_ids    jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL
);
CREATE INDEX operators_display_name ON operators (lower(display_name));

-- The entity a register publishes, tied to the operator row it became.
CREATE TABLE operator_registrations (
  jurisdiction_code text NOT NULL REFERENCES jurisdictions(code),
  upstream_id       text NOT NULL,
  operator_id       uuid NOT NULL REFERENCES operators(id),
  legal_name        text NOT NULL,
  first_seen_at     timestamptz NOT NULL,
  last_seen_at      timestamptz NOT NULL,
  PRIMARY KEY (jurisdiction_code, upstream_id)
);
CREATE INDEX operator_registrations_operator ON operator_registrations (operator_id);

CREATE TABLE trading_names (
  id                uuid PRIMARY KEY,
  operator_id       uuid NOT NULL REFERENCES operators(id),
  jurisdiction_code text NOT NULL REFERENCES jurisdictions(code),
  name              text NOT NULL,
  status            text,
  first_seen_at     timestamptz NOT NULL,
  last_seen_at      timestamptz NOT NULL,
  UNIQUE (operator_id, jurisdiction_code, name)
);

CREATE TABLE licenses (
  id                        uuid PRIMARY KEY,
  operator_id               uuid NOT NULL REFERENCES operators(id),
  jurisdiction_code         text NOT NULL REFERENCES jurisdictions(code),
  upstream_key              text NOT NULL,
  license_number            text NOT NULL,
  license_number_key        text NOT NULL,
  license_reference_is_ours boolean NOT NULL DEFAULT false,
  status                    text NOT NULL CHECK (status IN ('active','suspended','revoked','expired','pending','surrendered','not_in_register','unknown')),
  status_qualifier          text CHECK (status_qualifier IN ('provisional_under_assessment')),
  upstream_status           text,
  license_types             text[] NOT NULL DEFAULT '{}',
  license_type_raw          text NOT NULL DEFAULT '',
  license_category          text NOT NULL DEFAULT 'other',
  issued_date               date,
  expiry_date               date,
  covers_websites           boolean NOT NULL DEFAULT true,
  not_listed_since          timestamptz,
  missed_reads              integer NOT NULL DEFAULT 0,
  last_verified_at          timestamptz NOT NULL,
  last_listed_at            timestamptz,
  source_url                text NOT NULL,
  status_source_url         text,
  status_observed_at        timestamptz,
  raw_data                  jsonb NOT NULL DEFAULT '{}'::jsonb,
  first_observed_at         timestamptz NOT NULL,
  created_at                timestamptz NOT NULL,
  updated_at                timestamptz NOT NULL,
  UNIQUE (jurisdiction_code, upstream_key)
);
CREATE INDEX licenses_operator ON licenses (operator_id);
CREATE INDEX licenses_number_key ON licenses (license_number_key);
CREATE INDEX licenses_jurisdiction_status ON licenses (jurisdiction_code, status);

-- Earlier printed numbers of a licence (UKGC version suffixes), resolvable to the licence now listed.
CREATE TABLE license_number_versions (
  license_id         uuid NOT NULL REFERENCES licenses(id),
  license_number     text NOT NULL,
  license_number_key text NOT NULL,
  first_seen_at      timestamptz NOT NULL,
  superseded_at      timestamptz,
  PRIMARY KEY (license_id, license_number_key)
);
CREATE INDEX license_number_versions_key ON license_number_versions (license_number_key);

-- Append-only; a withdrawn event gets corrected_at, never deleted.
CREATE TABLE license_history (
  id                  uuid PRIMARY KEY,
  license_id          uuid NOT NULL REFERENCES licenses(id),
  changed_at          timestamptz NOT NULL,
  previous_status     text,
  new_status          text NOT NULL,
  change_type         text NOT NULL CHECK (change_type IN ('created','status_change','renewed','revoked','data_update')),
  source_url          text NOT NULL,
  detected_by         text NOT NULL,
  note                text,
  snapshot_sha256     text,
  snapshot_fetched_at timestamptz,
  register_read_id    uuid REFERENCES register_reads(id),
  event_id            text,
  corrected_at        timestamptz,
  correction_note     text
);
CREATE INDEX license_history_license ON license_history (license_id, changed_at DESC);
CREATE INDEX license_history_event ON license_history (event_id);

CREATE TABLE domain_links (
  id                        uuid PRIMARY KEY,
  operator_id               uuid NOT NULL REFERENCES operators(id),
  license_id                uuid REFERENCES licenses(id),
  jurisdiction_code         text NOT NULL REFERENCES jurisdictions(code),
  hostname                  text NOT NULL,
  registrable_domain        text NOT NULL,
  link_status               text NOT NULL CHECK (link_status IN ('active','parked','expired','redirecting','delisted')),
  association               text CHECK (association IN ('direct','white_label')),
  upstream_value            text,
  verification_url          text,
  verification_page_status  text,
  verification_page_read_at timestamptz,
  first_seen_at             timestamptz NOT NULL,
  last_listed_at            timestamptz,
  updated_at                timestamptz NOT NULL,
  UNIQUE (jurisdiction_code, operator_id, hostname)
);
CREATE INDEX domain_links_hostname ON domain_links (hostname);
CREATE INDEX domain_links_registrable ON domain_links (registrable_domain);
CREATE INDEX domain_links_operator ON domain_links (operator_id);

-- Every reading of a regulator's per-domain verification page, verbatim.
CREATE TABLE verification_readings (
  id              uuid PRIMARY KEY,
  domain_link_id  uuid NOT NULL REFERENCES domain_links(id),
  url             text NOT NULL,
  read_at         timestamptz NOT NULL,
  http_status     integer,
  page_status     text,
  snapshot_sha256 text REFERENCES snapshots(sha256)
);
CREATE INDEX verification_readings_link ON verification_readings (domain_link_id, read_at DESC);

CREATE TABLE regulatory_actions (
  id                 uuid PRIMARY KEY,
  jurisdiction_code  text NOT NULL REFERENCES jurisdictions(code),
  upstream_key       text NOT NULL,
  operator_id        uuid REFERENCES operators(id),
  entity_name        text NOT NULL,
  action_type        text NOT NULL,
  amount_minor_units bigint,
  currency           text,
  decision_date      date,
  summary            text,
  source_url         text NOT NULL,
  snapshot_sha256    text,
  first_seen_at      timestamptz NOT NULL,
  UNIQUE (jurisdiction_code, upstream_key)
);
CREATE INDEX regulatory_actions_operator ON regulatory_actions (operator_id);

-- Events written in the same transaction as the change they announce; a relay publishes them.
CREATE TABLE outbox (
  seq          bigserial PRIMARY KEY,
  event_id     text NOT NULL UNIQUE,
  event_name   text NOT NULL,
  payload      jsonb NOT NULL,
  created_at   timestamptz NOT NULL,
  published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (seq) WHERE published_at IS NULL;
