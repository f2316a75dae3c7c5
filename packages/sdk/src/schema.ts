// Generated from the gateway's /openapi.json by `bun run --cwd packages/sdk generate`. Do not edit.

export interface paths {
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys of signed check records
         * @description Ed25519 public keys (JWK, `kid`, `alg` EdDSA) that verify the `evidence.jws` of checks. The current key is first; retired keys stay listed for as long as records they signed are retained, so a rotation never breaks an old record.
         */
        get: operations["get.well-knownJwks.json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/llms.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The service for language models
         * @description What the service is, the main endpoints with one example each, links to `/openapi.json` and the MCP connector.
         */
        get: operations["getLlms.txt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check a domain or a licence number
         * @description Exactly one of `domain` / `license_number`. Answers with a machine-branchable `verdict` and a quotable `verdict_detail`.
         *
         *     Works without a key (10 requests per hour per client address block: IPv4 /32, IPv6 /64; `domain` and `license_number` share the counter); a valid key switches to the plan quota.
         *
         *     `as_of` adds the historical `as_of` object (`resolved_at`, `basis`, `status`, `transition`, `correction`, `tracking_since`); `verdict` and `match.status` stay current.
         *
         *     503 `service_unavailable` / `checker_unavailable` when no checker answers in time; retry with backoff.
         *
         *     `evidence=true` (needs a key: keyless is 401 `auth_required` / `api_key_missing`) adds `evidence`: a signed check record (compact JWS, EdDSA/Ed25519, `kid` in the header, keys at `/.well-known/jwks.json`) over the query, verdict, `verdict_detail`, matched licence and domain link, the instant of the check, and every register publication the answer rests on (jurisdiction, source URL, read time, SHA-256 of the bytes read). The record is kept for the account for five years at `GET /v1/evidence/{id}`; 503 `service_unavailable` / `evidence_signing_unavailable` when the deployment has no signing key.
         */
        get: operations["getV1Check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/check/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check up to 100 domains
         * @description Body `{ domains: [1–100 entries] }`; any other shape is 400 `invalid_query` / `invalid_input`. Counts as one request against the quota.
         *
         *     A body over 65536 bytes is 413 `invalid_query` / `body_too_large` (`details.limit`), refused before it is parsed or the key is checked, and not counted.
         *
         *     Results are in `results[]`, one per entry in the order sent. An entry that is not a hostname (`invalid_hostname`) or not a string (`invalid_input`) gets a row with `error`, `error_detail`, `match: null` and no `verdict`; it never fails the batch.
         *
         *     Any other method on this path is 405 `method_not_allowed` with `Allow: POST`.
         *
         *     `evidence=true` (needs a key: keyless is 401 `auth_required` / `api_key_missing`) adds `evidence`: a signed check record (compact JWS, EdDSA/Ed25519, `kid` in the header, keys at `/.well-known/jwks.json`) over the query, verdict, `verdict_detail`, matched licence and domain link, the instant of the check, and every register publication the answer rests on (jurisdiction, source URL, read time, SHA-256 of the bytes read). The record is kept for the account for five years at `GET /v1/evidence/{id}`; 503 `service_unavailable` / `evidence_signing_unavailable` when the deployment has no signing key.
         */
        post: operations["postV1CheckBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evidence/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a signed check record
         * @description The record issued by a check with `evidence=true`, for the account that made it, for 1825 days (five years) after the check. Another account's id, an expired or unknown id: 404 `not_found` / `evidence_not_found`.
         */
        get: operations["getV1EvidenceById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/evidence/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a signed check record
         * @description Checks `jws` against the published keys, no key needed. A record that does not verify is 400 `invalid_query` with `details.reason`: `evidence_malformed` (not a compact JWS, truncated), `evidence_unknown_key` (a `kid` never published), `evidence_signature_invalid` (altered), `evidence_not_canonical`, `evidence_unsupported_version`. The same check runs offline with the SDK’s `verifyEvidence` and a saved JWKS.
         */
        post: operations["postV1EvidenceVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/export/{dataset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a whole dataset as CSV or NDJSON
         * @description Plan Pro and above. One whole-dataset file (`licences`, `operators` or `domains`), optionally sliced by `jurisdiction` and `status`; each row carries its status provenance (`source_url`, `status_source_url`, `status_observed_at`, `last_verified_at`, and on licences the snapshot SHA-256 of the standing history event).
         *
         *     `format` defaults to `csv` (RFC 4180, header row). `json` delivers NDJSON (`application/x-ndjson`). `as_of` is refused with 400 `as_of_not_supported`; any other parameter is 400 `invalid_input`.
         *
         *     Daily cap per account per UTC day, shared with the dashboard export button: Pro 10, Business 100, Enterprise none; over it 429 `export_daily_limit_reached`. Each export counts as one request against the monthly quota.
         *
         *     Files are built from one consistent snapshot and cached per register state, so repeated exports of unchanged data are served from the cache.
         */
        get: operations["getV1ExportByDataset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description 200 when the backing stores are reachable, 503 otherwise. Keyless, no per-IP cap; the answer is probed at most once a second per gateway replica, so `timestamp` may be up to a second old.
         */
        get: operations["getV1Health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health/coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Register coverage and freshness
         * @description Fresh while age_hours is below sla_hours (24 for UKGC, AN, TGC, IOM; 48 for MGA, CW, KH). Works without a key (10 calls per IP per UTC hour).
         */
        get: operations["getV1HealthCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jurisdictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jurisdictions
         * @description Every regulator whose register is read. Works without a key (10 calls per IP per UTC hour); a key switches the call to the plan quota.
         */
        get: operations["getV1Jurisdictions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jurisdictions/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a jurisdiction */
        get: operations["getV1JurisdictionsByCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/jurisdictions/{code}/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Operators with a licence record in a jurisdiction
         * @description Every operator holding at least one licence record there, in any status; rows carry no status, so this is not a roster of who is licensed now. Ordered by internal operator id (stable across pages, not alphabetical).
         */
        get: operations["getV1JurisdictionsByCodeOperators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/licenses/{license_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a licence
         * @description With `as_of`, the licence carries its status at that instant.
         */
        get: operations["getV1LicensesByLicense_id"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/licenses/{license_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A licence's status history
         * @description Most recent first, the whole timeline (not paginated). Withdrawn events stay, with `corrected_at`. `_meta.freshness_range` spans the oldest and newest event.
         */
        get: operations["getV1LicensesByLicense_idHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operators/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an operator with its licences and domains
         * @description `licenses[]` and `domains[]` are complete. With `as_of`, each licence carries its own `as_of` object (never collapsed into one operator status). `_meta` is taken from the first licence. Enforcement history is not included.
         */
        get: operations["getV1OperatorsBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operators/{slug}/licenses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An operator's licences
         * @description Not paginated. With `as_of`, each licence carries its own `as_of` object, as on the operator detail.
         */
        get: operations["getV1OperatorsBySlugLicenses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operators/{slug}/regulatory-actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An operator's regulatory actions
         * @description An empty list means no action is linked to the operator, not a clean record.
         */
        get: operations["getV1OperatorsBySlugRegulatory-actions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/operators/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search operators
         * @description Ordering: exact slug match, then display-name prefix, then the rest, each group by display_name. Works without a key (10 calls per IP per UTC hour, at most 3 rows).
         */
        get: operations["getV1OperatorsSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/snapshots/{sha256}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the raw bytes of a register publication
         * @description Served to an account (any paid plan) holding a retained evidence record that names the hash; otherwise 404 `not_found` / `snapshot_not_found`, whether or not the bytes exist. Check them with SHA-256: they hash to the path.
         */
        get: operations["getV1SnapshotsBySha256"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Headline statistics
         * @description One payload for everyone, recounted at most every 10 minutes. No per-IP cap; a key sent is ignored and not charged.
         */
        get: operations["getV1Stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public service status
         * @description Whether checks can be answered now (a checker replica answers); per register: last successful read, fresh or stale against its SLA, record counts, and a 30-day timeline; the incidents (failed reads, coverage events) of the last 30 days. No key, no per-IP cap: a key sent is ignored and not charged, and each replica reuses one answer for 5 seconds.
         */
        get: operations["getV1Status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's usage
         * @description Calls per UTC day for a month and the month before it (`month`, default the current month), with each key's calls and the refusals of known keys by reason (401 `api_key_revoked`, 402, 429), and the current month's quota used and left.
         *
         *     `calls` counts every admitted call, including calls answered with an error, which the quota gives back; `quota.used` is the charged count (X-Monthly-Quota-Used). Calls made through assistant connectors are counted under the grant's key; the dashboard's calls are reported as one `kind: dashboard` entry per action (e.g. `bulk_check`), known by the dashboard's record of its one-call keys, never by a key's name.
         *
         *     Other replicas write their counts within a second, so the last second of calls may be missing. This call is counted like any other.
         */
        get: operations["getV1Usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Watchlist summary
         * @description How many operators are watched, the plan cap (`limit`, null when unlimited) and the 50 most recently added.
         */
        get: operations["getV1Watchlist"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Poll the events feed
         * @description Webhook-shape events (same envelope and `event_id`, no signature), in the order recorded, oldest first: every `license.*` and `regulatory_action.added` about an operator now on your watchlist, plus any event queued for one of your webhook endpoints (e.g. `coverage.*`). Withdrawn history events are never served.
         *
         *     First call: `since` (at most 30 days back; 400 `since_exceeds_retention_window`), or nothing to start 30 days back. `since` leaves out the events already recorded that were emitted before it; an event recorded after the first call is served whatever its `timestamp` (an event is stamped when emitted and recorded a little later), so following the cursor loses nothing. Then pass `next_cursor` verbatim as `cursor`; it is always set, so it also resumes an empty page. `since` and `cursor` together are 400 `conflicting_parameters`; an undecodable cursor is 400 `invalid_cursor`.
         *
         *     Polls per hour: Starter 10, Pro 60, Business 600, Enterprise unlimited; over it 429 `rate_limited` / `watchlist_events_poll_limit` with `reset_at`. Headers: `X-Poll-RateLimit-Limit`, `X-Poll-RateLimit-Remaining`, `X-Poll-RateLimit-Reset`, `X-Poll-RateLimit-Window`, `X-Poll-Recommended-Interval`.
         */
        get: operations["getV1WatchlistEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List watched operators
         * @description Sorted by `added_at`, newest first. `limit` 1–200 (default 50) and `offset` ≥ 0; anything else is 400 `invalid_query` / `invalid_pagination`.
         */
        get: operations["getV1WatchlistOperators"];
        put?: never;
        /**
         * Watch an operator
         * @description 201 with the new watchlist entry.
         *
         *     409 `invalid_query` / `watchlist_duplicate` when the operator is already listed; 403 `quota_exceeded` / `watchlist_quota_exceeded` (with `current_usage`, `limit`, `plan_tier`) at the plan cap; 404 `operator_not_found` for an unknown slug.
         *
         *     Caps per plan: Starter 25, Pro 250, Business 2,500, Enterprise unlimited.
         *
         *     A body over 4096 bytes is 413 `invalid_query` / `body_too_large` (`details.limit`), refused before it is parsed or the key is checked, and not counted.
         */
        post: operations["postV1WatchlistOperators"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/watchlist/operators/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop watching an operator
         * @description 204 whether or not the operator was listed. The slug must be lowercase letters, digits and hyphens (else 400 `invalid_slug`).
         */
        delete: operations["deleteV1WatchlistOperatorsBySlug"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Oldest first; secrets are never shown again.
         */
        get: operations["getV1Webhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description 201 with the endpoint and its `secret` (`whsec_…`, shown once; stored encrypted).
         *
         *     The URL policy runs first (400 `invalid_query` with `details.field: url` and `details.reason` one of `invalid_url`, `empty_host`, `invalid_scheme`, `blocked_hostname`, `unresolvable_host`, `private_ip_blocked`), then event names (400 `invalid_event_type`, field `events`; the reserved `webhook.endpoint_degraded` is accepted), then the plan check (403 `quota_exceeded` / `webhook_quota_exceeded`: active endpoints Starter 2, Pro 10, Business 50, Enterprise unlimited).
         *
         *     `watchlist_only` (default true) limits `license.*` and `regulatory_action.*` to operators on your watchlist; `coverage.*` ignore it.
         *
         *     A body over 16384 bytes is 413 `invalid_query` / `body_too_large` (`details.limit`), refused before it is parsed or the key is checked, and not counted.
         */
        post: operations["postV1Webhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description 204; its secrets and its whole delivery history, pending deliveries included, are removed. 404 `webhook_not_found` if unknown or another account's.
         */
        delete: operations["deleteV1WebhooksById"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Only the fields sent change; `description: null` clears it. A changed `url` passes the URL policy again. Re-activating an endpoint is plan-checked (403 `webhook_quota_exceeded`). Another account's endpoint is 404 `webhook_not_found`.
         *
         *     A body over 16384 bytes is 413 `invalid_query` / `body_too_large` (`details.limit`), refused before it is parsed or the key is checked, and not counted.
         */
        patch: operations["patchV1WebhooksById"];
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries of an endpoint
         * @description Newest first. `status`: `all` (default), `pending`, `delivered`, `failed` (last attempt failed, retry scheduled), `abandoned` (no further attempt: `abandoned_reason` `attempts_exhausted` after 7 failed attempts, `event_withdrawn` when the event was withdrawn before its next attempt). `limit` 1–200, default 100. Finished deliveries are kept 30 days.
         */
        get: operations["getV1WebhooksByIdDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/deliveries/{delivery_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend a delivery
         * @description Queues the event of a delivered or abandoned delivery again for the same endpoint, as a new delivery (201 with it, `pending`, due now). It is sent like every delivery: the URL policy is applied at the attempt, it is signed with the endpoint’s active secrets, and it has its own id (`X-Webhook-Delivery-Id`) and attempt count; the envelope and its `event_id` are the original ones, so a receiver that already has the event can drop it.
         *
         *     404 `webhook_not_found` for an unknown endpoint or another account's; 404 `delivery_not_found` (field `delivery_id`) for a delivery that is not this endpoint's. 409 `invalid_query` with reason `endpoint_inactive` (the endpoint is deactivated), `delivery_in_progress` (still pending or failed with a retry scheduled), `event_expired` (the event is past the 30 days events are kept) or `event_withdrawn` (the event was withdrawn: nothing of it is sent again).
         */
        post: operations["postV1WebhooksByIdDeliveriesByDelivery_idResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Issues a new secret (shown once). The previous secret keeps signing for 7 days (`previous_secret_expires_at`); meanwhile every delivery carries one `v1=` per active secret. After that only the new secret signs.
         */
        post: operations["postV1WebhooksByIdRotate_secret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test ping
         * @description Sends a signed `test.ping` envelope (`livemode` false) with the active secrets and every delivery header; creates no event or delivery. 200 whatever the receiver answered; 409 `invalid_query` / `no_active_secret` when no secret is valid.
         */
        post: operations["postV1WebhooksByIdTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The method this path takes. */
        Allow: string;
        /** @description `public, max-age=5` on `GET /v1/status`: each replica reuses one answer for 5 seconds. `no-store` on an export: each export is counted and is the file of the register state at the time, never one a cache kept. */
        "Cache-Control": string;
        /** @description `attachment; filename="<dataset>[-<JURISDICTION>][-<status>]-<YYYY-MM-DD>.<csv|ndjson>"` (UTC date the file was built). */
        "Content-Disposition": string;
        /** @description Size of the file in bytes where the server can send it with a streamed body (otherwise the body is chunked). */
        "Content-Length": number;
        /** @description SHA-256 of the file, quoted. */
        ETag: string;
        /** @description HTTP-date when the file was built. */
        "Last-Modified": string;
        /** @description IETF form of the keyless policy, `"default";q=10;w=3600`; keyless calls only. */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
        "Retry-After": number;
        /** @description Size of the file in bytes, always sent: compare with what arrived to detect a cut download. */
        "X-Export-Bytes": number;
        /** @description Sum of the registers’ data versions the file was built from. */
        "X-Export-Data-Version": number;
        /** @description Data rows in the file (the CSV header row not counted). */
        "X-Export-Rows": number;
        /** @description The plan’s monthly ceiling, or `unlimited`. */
        "X-Monthly-Quota-Limit": string;
        /** @description Monthly ceiling minus used (omitted when unlimited). */
        "X-Monthly-Quota-Remaining": number;
        /** @description ISO-8601 timestamp of the monthly rollover, 00:00 UTC on the 1st (omitted when unlimited). */
        "X-Monthly-Quota-Reset": string;
        /** @description Requests counted this month, this one included (omitted when unlimited). */
        "X-Monthly-Quota-Used": number;
        /** @description Present once at least 80 % of the monthly ceiling is used. */
        "X-Monthly-Quota-Warning": string;
        /** @description Polls of the events feed allowed per clock hour, or `unlimited`. */
        "X-Poll-RateLimit-Limit": string;
        /** @description Polls left this hour (omitted when unlimited). */
        "X-Poll-RateLimit-Remaining": number;
        /** @description ISO-8601 timestamp when the hourly poll counter rolls over. */
        "X-Poll-RateLimit-Reset": string;
        /** @description Always `hour`. */
        "X-Poll-RateLimit-Window": string;
        /** @description Seconds between polls that stay under the ceiling: `ceil(3600 / limit)`; 1 when unlimited. */
        "X-Poll-Recommended-Interval": number;
        /** @description Legacy trial key: requests allowed per UTC day. */
        "X-Prelaunch-Daily-Limit": number;
        /** @description Legacy trial key: ISO-8601 timestamp of the next 00:00 UTC. */
        "X-Prelaunch-Daily-Reset": string;
        /** @description Legacy trial key: requests counted today (answered ones only: a 4xx or 5xx is given back). */
        "X-Prelaunch-Daily-Used": number;
        /** @description Keyless call on a public endpoint: 10 (calls per client address block per route per UTC hour; IPv4 /32, IPv6 /64). Keyed success, and a keyed call on a public endpoint that fails (400, 404, 5xx): the plan’s monthly ceiling (omitted when the plan has none). Per-second 429: the per-second limit. Monthly 429: the monthly ceiling. */
        "X-RateLimit-Limit": number;
        /** @description `tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent. */
        "X-RateLimit-Policy": string;
        /** @description Calls left in the window `X-RateLimit-Limit` describes; never negative. A keyed call on a public endpoint that fails is not charged, so it does not count here. */
        "X-RateLimit-Remaining": number;
        /** @description Unix epoch seconds when that window resets: the top of the next UTC hour (keyless), the next second (per-second 429) or 00:00 UTC on the 1st of next month (monthly). */
        "X-RateLimit-Reset": number;
        /** @description Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description When these bytes were first fetched. */
        "X-Snapshot-First-Fetched-At": string;
        /** @description The latest register read that returned these bytes (fetched, or confirmed unchanged). */
        "X-Snapshot-Read-At": string;
        /** @description Lowercase hex SHA-256 of the body (the path’s hash). */
        "X-Snapshot-Sha256": string;
        /** @description The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
        "X-Upgrade-URL": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "get.well-knownJwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            /** @constant */
                            alg: "EdDSA";
                            /** @constant */
                            crv: "Ed25519";
                            kid: string;
                            /** @constant */
                            kty: "OKP";
                            /** @constant */
                            use: "sig";
                            x: string;
                        }[];
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    "getLlms.txt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Markdown (llmstxt.org). */
            200: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Check: {
        parameters: {
            query?: {
                as_of?: string;
                domain?: string;
                evidence?: "true" | "false";
                license_number?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Check result. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    /** @description Always sent on this response. `tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent. */
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _meta: {
                            /** @enum {string} */
                            confidence_hint: "authoritative" | "scraped" | "derived";
                            register?: {
                                fresh: boolean;
                                jurisdiction: string;
                                /** Format: date-time */
                                last_read_at: string | null;
                                sla_hours: string | number;
                            };
                            /** Format: date-time */
                            scraped_at: string | null;
                            source_modified_at: null;
                            source_url: string | null;
                            stale_jurisdictions: {
                                jurisdiction: string;
                                /** Format: date-time */
                                last_read_at: string | null;
                                sla_hours: string | number;
                            }[];
                        };
                        alternatives: {
                            /** @enum {string} */
                            confidence: "high" | "medium" | "low";
                            jurisdiction: string | null;
                            /** Format: uuid */
                            license_id: string | null;
                            license_number: string | null;
                            license_reference_is_ours: boolean;
                            /** @enum {string} */
                            match_type: "domain_exact" | "related_host" | "license_number" | "trading_name_fuzzy" | "name_similarity";
                            /** @description The trading or legal name that resembled the query (name matches), else null. */
                            matched_name: string | null;
                            operator: string;
                            operator_slug: string;
                            /** @enum {string|null} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /** @enum {string|null} */
                            status_qualifier: "provisional_under_assessment" | null;
                        }[];
                        /**
                         * @description Historical answer; present only with `?as_of=`. `verdict` and `match.status` stay current.
                         * @example {
                         *       "resolved_at": "2026-05-01T23:59:59.999Z",
                         *       "basis": "observed",
                         *       "status": "active",
                         *       "transition": {
                         *         "id": "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
                         *         "changed_at": "2026-02-01T00:00:00.000Z",
                         *         "previous_status": null,
                         *         "new_status": "active",
                         *         "change_type": "created",
                         *         "source_url": "https://www.gamblingcommission.gov.uk/public-register"
                         *       },
                         *       "tracking_since": "2026-02-01T00:00:00.000Z"
                         *     }
                         * @example {
                         *       "resolved_at": "2026-04-02T10:00:00.000Z",
                         *       "basis": "corrected",
                         *       "status": null,
                         *       "transition": null,
                         *       "correction": {
                         *         "event_id": "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
                         *         "withdrawn_status": "suspended",
                         *         "corrected_at": "2026-04-03T00:00:00.000Z",
                         *         "correction_note": "Misread of the enforcement page"
                         *       },
                         *       "tracking_since": "2026-01-10T00:00:00.000Z"
                         *     }
                         */
                        as_of?: {
                            /** @enum {string} */
                            basis: "observed" | "corrected" | "before_tracking" | "no_such_license" | "no_license_resolved";
                            /** @description Present only when the event in effect was later withdrawn (basis corrected). */
                            correction?: {
                                /** Format: date-time */
                                corrected_at: string;
                                correction_note: string | null;
                                /** Format: uuid */
                                event_id: string;
                                /** @enum {string} */
                                withdrawn_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                            };
                            /**
                             * Format: date-time
                             * @description The UTC instant the `as_of` input resolved to (a bare date is the end of that day UTC; today is now).
                             */
                            resolved_at: string;
                            /** @enum {string|null} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /**
                             * Format: date-time
                             * @description Lower bound of knowledge: when the licence was first observed.
                             */
                            tracking_since: string | null;
                            /** @description The history event in effect at resolved_at; null unless basis is observed. */
                            transition: {
                                /** @enum {string} */
                                change_type: "created" | "status_change" | "renewed" | "revoked" | "data_update";
                                /** Format: date-time */
                                changed_at: string;
                                /** Format: uuid */
                                id: string;
                                /** @enum {string} */
                                new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                                /** @enum {string|null} */
                                previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                source_url: string;
                            } | null;
                        };
                        checked_jurisdictions: string[];
                        /** @enum {string} */
                        confidence: "high" | "medium" | "low" | "none";
                        /** @description Present only with `evidence=true`: the signed check record. */
                        evidence?: {
                            /**
                             * Format: date-time
                             * @description Until when the record is retained (five years).
                             */
                            expires_at: string;
                            /**
                             * @description The record id (`ev_` + ULID).
                             * @example ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P
                             */
                            id: string;
                            /** Format: uri */
                            jwks_url: string;
                            /** @description Compact JWS (EdDSA/Ed25519) whose payload is the canonical JSON of the record. */
                            jws: string;
                            /** @description The signing key, published at `/.well-known/jwks.json` for as long as records it signed are retained. */
                            kid: string;
                            /**
                             * Format: uri
                             * @description A printable report of the record.
                             */
                            pdf_url: string;
                            /**
                             * Format: uri
                             * @description `GET` returns the record again (keyed, this account).
                             */
                            url: string;
                        };
                        /** @description Every listing of a dual-licensed domain. */
                        jurisdictions?: {
                            /** @enum {string|null} */
                            domain_association: "direct" | "white_label" | null;
                            /** @enum {string} */
                            domain_status: "active" | "parked" | "expired" | "redirecting" | "delisted";
                            jurisdiction: string;
                            /** Format: uuid */
                            license_id: string | null;
                            license_number: string | null;
                            license_reference_is_ours: boolean;
                            matched_domain: string;
                            operator: string;
                            operator_slug: string;
                            /** @description True for the listing described by `match`. */
                            primary: boolean;
                            regulator_name: string;
                            /** @enum {string|null} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /** @enum {string|null} */
                            status_qualifier: "provisional_under_assessment" | null;
                            /** @enum {string} */
                            verdict: "licensed" | "licensed_provisional" | "domain_not_listed" | "licence_not_active" | "related_host_listed" | "name_match_only" | "not_found" | "generic_term";
                        }[];
                        /** @description What the answer rests on; null when nothing matched. */
                        match: {
                            /** @enum {string} */
                            confidence: "high" | "medium" | "low";
                            /** @enum {string|null} */
                            domain_association: "direct" | "white_label" | null;
                            /**
                             * Format: date-time
                             * @description Present while domain_status is active.
                             */
                            domain_last_listed_at: string | null;
                            /** @enum {string|null} */
                            domain_status: "active" | "parked" | "expired" | "redirecting" | "delisted" | null;
                            /** Format: date */
                            expires_at: string | null;
                            jurisdiction: string | null;
                            /** Format: uuid */
                            license_id: string | null;
                            /** @description As the register prints it, or the service's own reference for KH/TGC/IOM (never the regulator's number). */
                            license_number: string | null;
                            license_reference_is_ours: boolean;
                            /** @enum {string} */
                            match_type: "domain_exact" | "related_host" | "license_number" | "trading_name_fuzzy" | "name_similarity";
                            matched_domain: string | null;
                            operator: string;
                            operator_slug: string;
                            regulator_name: string | null;
                            /** @enum {string|null} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /**
                             * Format: date-time
                             * @description Latest read of status_source_url that still said this status.
                             */
                            status_observed_at: string | null;
                            /** @enum {string|null} */
                            status_qualifier: "provisional_under_assessment" | null;
                            /** Format: uri */
                            status_source_url: string | null;
                            /** @description The regulator's words verbatim. */
                            upstream_status: string | null;
                            /**
                             * Format: date-time
                             * @description When the verification page was read.
                             */
                            verification_page_read_at: string | null;
                            verification_page_status: string | null;
                            /** Format: uri */
                            verification_url: string | null;
                        } | null;
                        /** @enum {string} */
                        match_absence_reason?: "generic_term" | "shared_registrable";
                        query: {
                            /** @description The normalised hostname looked up. */
                            domain: string;
                            /** @description The entry as sent, when it differs from domain. */
                            input?: string;
                        } | {
                            license_number: string;
                        };
                        related_hosts?: {
                            hostname: string;
                            jurisdiction: string;
                            /** @enum {string} */
                            link_status: "active" | "parked" | "expired" | "redirecting" | "delisted";
                            operator_slug: string;
                        }[];
                        /** @description The earlier UKGC number sent, which resolved to the version now listed. */
                        superseded_number?: string;
                        /** @enum {string} */
                        verdict: "licensed" | "licensed_provisional" | "domain_not_listed" | "licence_not_active" | "related_host_listed" | "name_match_only" | "not_found" | "generic_term";
                        /** @description Plain English, safe to quote. Wording may change; do not parse it. */
                        verdict_detail: string;
                    };
                };
            };
            /** @description invalid_query / invalid_input; invalid_query / not_a_valid_hostname; invalid_query / hostname_too_long; invalid_query / missing_required_parameter; invalid_query / conflicting_parameters */
            400: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked; auth_required / api_key_missing (evidence=true without a key) */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / quota_exceeded (keyless hourly cap); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached; rate_limited / prelaunch_daily_cap */
            429: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Prelaunch-Daily-Limit": components["headers"]["X-Prelaunch-Daily-Limit"];
                    "X-Prelaunch-Daily-Reset": components["headers"]["X-Prelaunch-Daily-Reset"];
                    "X-Prelaunch-Daily-Used": components["headers"]["X-Prelaunch-Daily-Used"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable; service_unavailable / checker_unavailable; service_unavailable / evidence_signing_unavailable */
            503: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1CheckBatch: {
        parameters: {
            query?: {
                evidence?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description 1–100 entries, each normalised like `domain` on the single check. */
                    domains: unknown[];
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _meta: {
                            /** Format: date-time */
                            checked_at: string;
                            stale_jurisdictions: {
                                jurisdiction: string;
                                /** Format: date-time */
                                last_read_at: string | null;
                                sla_hours: string | number;
                            }[];
                        };
                        checked_jurisdictions: string[];
                        /** @description Present only with `evidence=true`: the signed check record. */
                        evidence?: {
                            /**
                             * Format: date-time
                             * @description Until when the record is retained (five years).
                             */
                            expires_at: string;
                            /**
                             * @description The record id (`ev_` + ULID).
                             * @example ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P
                             */
                            id: string;
                            /** Format: uri */
                            jwks_url: string;
                            /** @description Compact JWS (EdDSA/Ed25519) whose payload is the canonical JSON of the record. */
                            jws: string;
                            /** @description The signing key, published at `/.well-known/jwks.json` for as long as records it signed are retained. */
                            kid: string;
                            /**
                             * Format: uri
                             * @description A printable report of the record.
                             */
                            pdf_url: string;
                            /**
                             * Format: uri
                             * @description `GET` returns the record again (keyed, this account).
                             */
                            url: string;
                        };
                        /** @description One row per entry, in the order sent. */
                        results: ({
                            _meta?: {
                                register: {
                                    fresh: boolean;
                                    jurisdiction: string;
                                    /** Format: date-time */
                                    last_read_at: string | null;
                                    sla_hours: string | number;
                                };
                            };
                            /** @enum {string} */
                            confidence: "high" | "medium" | "low" | "none";
                            /** @description What the answer rests on; null when nothing matched. */
                            match: {
                                /** @enum {string} */
                                confidence: "high" | "medium" | "low";
                                /** @enum {string|null} */
                                domain_association: "direct" | "white_label" | null;
                                /**
                                 * Format: date-time
                                 * @description Present while domain_status is active.
                                 */
                                domain_last_listed_at: string | null;
                                /** @enum {string|null} */
                                domain_status: "active" | "parked" | "expired" | "redirecting" | "delisted" | null;
                                /** Format: date */
                                expires_at: string | null;
                                jurisdiction: string | null;
                                /** Format: uuid */
                                license_id: string | null;
                                /** @description As the register prints it, or the service's own reference for KH/TGC/IOM (never the regulator's number). */
                                license_number: string | null;
                                license_reference_is_ours: boolean;
                                /** @enum {string} */
                                match_type: "domain_exact" | "related_host" | "license_number" | "trading_name_fuzzy" | "name_similarity";
                                matched_domain: string | null;
                                operator: string;
                                operator_slug: string;
                                regulator_name: string | null;
                                /** @enum {string|null} */
                                status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                /**
                                 * Format: date-time
                                 * @description Latest read of status_source_url that still said this status.
                                 */
                                status_observed_at: string | null;
                                /** @enum {string|null} */
                                status_qualifier: "provisional_under_assessment" | null;
                                /** Format: uri */
                                status_source_url: string | null;
                                /** @description The regulator's words verbatim. */
                                upstream_status: string | null;
                                /**
                                 * Format: date-time
                                 * @description When the verification page was read.
                                 */
                                verification_page_read_at: string | null;
                                verification_page_status: string | null;
                                /** Format: uri */
                                verification_url: string | null;
                            } | null;
                            /** @enum {string} */
                            match_absence_reason?: "generic_term" | "shared_registrable";
                            query: {
                                domain: string;
                                input?: string;
                            };
                            related_hosts?: {
                                hostname: string;
                                jurisdiction: string;
                                /** @enum {string} */
                                link_status: "active" | "parked" | "expired" | "redirecting" | "delisted";
                                operator_slug: string;
                            }[];
                            /** @enum {string} */
                            verdict: "licensed" | "licensed_provisional" | "domain_not_listed" | "licence_not_active" | "related_host_listed" | "name_match_only" | "not_found" | "generic_term";
                            verdict_detail: string;
                        } | {
                            /** @enum {string} */
                            error: "invalid_hostname" | "invalid_input";
                            /** @description One sentence. */
                            error_detail: string;
                            match: null;
                            query: {
                                /** @description The entry exactly as sent (any JSON value). */
                                input: unknown;
                            };
                        })[];
                    };
                };
            };
            /** @description invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description method_not_allowed / method_not_allowed */
            405: {
                headers: {
                    /** @description Always sent on this response. The method this path takes. */
                    Allow: components["headers"]["Allow"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / body_too_large */
            413: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable; service_unavailable / checker_unavailable; service_unavailable / evidence_signing_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1EvidenceById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        expires_at: string;
                        id: string;
                        jws: string;
                        kid: string;
                        /** @enum {string} */
                        kind: "check" | "check_batch";
                        /** @description The signed payload (canonical JSON: keys sorted, no whitespace). */
                        record: {
                            /** Format: uuid */
                            account_id: string;
                            /** Format: date-time */
                            checked_at: string;
                            checked_jurisdictions: string[];
                            checks: {
                                /** @description Present when the check was sent with `as_of`: the instant it resolved to, the basis and the status then. */
                                as_of?: {
                                    basis: string;
                                    /** Format: date-time */
                                    resolved_at: string;
                                    status: string | null;
                                };
                                domain_link: {
                                    domain_association: string | null;
                                    domain_last_listed_at: string | null;
                                    domain_status: string | null;
                                    matched_domain: string;
                                } | null;
                                licence: {
                                    expires_at?: string | null;
                                    jurisdiction: string | null;
                                    license_id: string | null;
                                    license_number: string | null;
                                    /** @description True when `license_number` is the service's reference (`KH`, `TGC`, `IOM`), never the regulator's number. Absent on records signed before it was recorded. */
                                    license_reference_is_ours?: boolean;
                                    operator: string;
                                    operator_slug: string;
                                    regulator_name: string | null;
                                    status: string | null;
                                    status_observed_at: string | null;
                                    status_qualifier?: string | null;
                                    status_source_url: string | null;
                                    upstream_status?: string | null;
                                } | null;
                                query: {
                                    [key: string]: unknown;
                                };
                                verdict: string;
                                verdict_detail: string;
                            }[];
                            id: string;
                            /** @enum {string} */
                            kind: "check" | "check_batch";
                            /** @description Every register publication the answer rests on. */
                            publications: {
                                jurisdiction: string;
                                /** @description `register` or `enforcement`. */
                                publication: string;
                                /**
                                 * Format: date-time
                                 * @description When the bytes were fetched (a `not_modified` read confirms earlier bytes at this time).
                                 */
                                read_at: string;
                                /** @description Lowercase hex SHA-256 of the bytes; `GET /v1/snapshots/{sha256}` returns them. */
                                sha256: string;
                                source_url: string;
                            }[];
                            /** @constant */
                            version: 1;
                        };
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / evidence_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1EvidenceVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The compact JWS from `evidence.jws`. */
                    jws: string;
                };
                "application/x-www-form-urlencoded": {
                    /** @description The compact JWS from `evidence.jws`. */
                    jws: string;
                };
                "multipart/form-data": {
                    /** @description The compact JWS from `evidence.jws`. */
                    jws: string;
                };
            };
        };
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        kid: string;
                        /** @description The signed payload (canonical JSON: keys sorted, no whitespace). */
                        record: {
                            /** Format: uuid */
                            account_id: string;
                            /** Format: date-time */
                            checked_at: string;
                            checked_jurisdictions: string[];
                            checks: {
                                /** @description Present when the check was sent with `as_of`: the instant it resolved to, the basis and the status then. */
                                as_of?: {
                                    basis: string;
                                    /** Format: date-time */
                                    resolved_at: string;
                                    status: string | null;
                                };
                                domain_link: {
                                    domain_association: string | null;
                                    domain_last_listed_at: string | null;
                                    domain_status: string | null;
                                    matched_domain: string;
                                } | null;
                                licence: {
                                    expires_at?: string | null;
                                    jurisdiction: string | null;
                                    license_id: string | null;
                                    license_number: string | null;
                                    /** @description True when `license_number` is the service's reference (`KH`, `TGC`, `IOM`), never the regulator's number. Absent on records signed before it was recorded. */
                                    license_reference_is_ours?: boolean;
                                    operator: string;
                                    operator_slug: string;
                                    regulator_name: string | null;
                                    status: string | null;
                                    status_observed_at: string | null;
                                    status_qualifier?: string | null;
                                    status_source_url: string | null;
                                    upstream_status?: string | null;
                                } | null;
                                query: {
                                    [key: string]: unknown;
                                };
                                verdict: string;
                                verdict_detail: string;
                            }[];
                            id: string;
                            /** @enum {string} */
                            kind: "check" | "check_batch";
                            /** @description Every register publication the answer rests on. */
                            publications: {
                                jurisdiction: string;
                                /** @description `register` or `enforcement`. */
                                publication: string;
                                /**
                                 * Format: date-time
                                 * @description When the bytes were fetched (a `not_modified` read confirms earlier bytes at this time).
                                 */
                                read_at: string;
                                /** @description Lowercase hex SHA-256 of the bytes; `GET /v1/snapshots/{sha256}` returns them. */
                                sha256: string;
                                source_url: string;
                            }[];
                            /** @constant */
                            version: 1;
                        };
                        /** @constant */
                        valid: true;
                    };
                };
            };
            /** @description invalid_query / invalid_input; invalid_query / evidence_malformed; invalid_query / evidence_unknown_key; invalid_query / evidence_signature_invalid; invalid_query / evidence_not_canonical; invalid_query / evidence_unsupported_version */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1ExportByDataset: {
        parameters: {
            query?: {
                format?: string;
                jurisdiction?: string;
                status?: string;
            };
            header?: never;
            path: {
                dataset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole dataset (or slice) as one file, streamed. Every row carries its status provenance; columns are listed in docs/export.md. */
            200: {
                headers: {
                    /** @description Always sent on this response. `public, max-age=5` on `GET /v1/status`: each replica reuses one answer for 5 seconds. `no-store` on an export: each export is counted and is the file of the register state at the time, never one a cache kept. */
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Always sent on this response. `attachment; filename="<dataset>[-<JURISDICTION>][-<status>]-<YYYY-MM-DD>.<csv|ndjson>"` (UTC date the file was built). */
                    "Content-Disposition": components["headers"]["Content-Disposition"];
                    "Content-Length": components["headers"]["Content-Length"];
                    /** @description Always sent on this response. SHA-256 of the file, quoted. */
                    ETag: components["headers"]["ETag"];
                    /** @description Always sent on this response. HTTP-date when the file was built. */
                    "Last-Modified": components["headers"]["Last-Modified"];
                    /** @description Always sent on this response. Size of the file in bytes, always sent: compare with what arrived to detect a cut download. */
                    "X-Export-Bytes": components["headers"]["X-Export-Bytes"];
                    /** @description Always sent on this response. Sum of the registers’ data versions the file was built from. */
                    "X-Export-Data-Version": components["headers"]["X-Export-Data-Version"];
                    /** @description Always sent on this response. Data rows in the file (the CSV header row not counted). */
                    "X-Export-Rows": components["headers"]["X-Export-Rows"];
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                    "text/csv": string;
                };
            };
            /** @description `invalid_query` / `as_of_not_supported` (field `as_of`), or `invalid_query` / `invalid_input` with `details.field` for a bad `format`, `jurisdiction` or `status`, or a parameter exports do not take. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description No, malformed, unknown or revoked API key. */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description `payment_required` / `export_requires_pro` on a plan below Pro (`plan_tier`, `required_plan: pro`, `X-Upgrade-URL`). */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description `not_found` / `dataset_not_found`. */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description `rate_limited` / `export_daily_limit_reached` (Pro 10, Business 100 per UTC day per account, API and dashboard together; `Retry-After`, `reset_at` at 00:00 UTC), or a per-second / monthly limit. */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description `server_error` / `internal_error`. */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description `service_unavailable` / `dependency_unavailable`: the exporter did not answer in time; retry with backoff. */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Liveness of the service and its backing stores. */
            200: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            bus: boolean;
                            database: boolean;
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description Liveness of the service and its backing stores. */
            503: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checks: {
                            bus: boolean;
                            database: boolean;
                        };
                        /** @enum {string} */
                        status: "ok" | "unavailable";
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
        };
    };
    getV1HealthCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description `healthy` when every jurisdiction meets its SLA, `degraded` when any is stale or never read. */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    /** @description Always sent on this response. `tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent. */
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jurisdictions: {
                            [key: string]: {
                                age_hours: (string | number) | null;
                                domain_coverage: {
                                    coverage_pct: (string | number) | null;
                                    normative_operators: string | number;
                                    operators_with_domain: string | number;
                                    reason: string;
                                };
                                /** @description age_hours below sla_hours; null when never read. */
                                fresh: boolean | null;
                                /**
                                 * Format: date-time
                                 * @description Newest last_verified_at among the jurisdiction's licences.
                                 */
                                last_successful_scrape: string | null;
                                record_count: string | number;
                                /** @example 24 */
                                sla_hours: string | number;
                            };
                        };
                        overall_freshness_sla: string;
                        /** @enum {string} */
                        status: "healthy" | "degraded";
                        /** Format: date-time */
                        timestamp: string;
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / quota_exceeded (keyless hourly cap); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached; rate_limited / prelaunch_daily_cap */
            429: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Prelaunch-Daily-Limit": components["headers"]["X-Prelaunch-Daily-Limit"];
                    "X-Prelaunch-Daily-Reset": components["headers"]["X-Prelaunch-Daily-Reset"];
                    "X-Prelaunch-Daily-Used": components["headers"]["X-Prelaunch-Daily-Used"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Jurisdictions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    /** @description Always sent on this response. `tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent. */
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jurisdictions: {
                            /** @example UKGC */
                            code: string;
                            /** @example GB */
                            country_code: string;
                            /** @example GBP */
                            currency: string;
                            /**
                             * @description The regulator's licence-type vocabulary.
                             * @example [
                             *       "Remote",
                             *       "Non-Remote"
                             *     ]
                             */
                            license_types: string[];
                            /** @example UK Gambling Commission */
                            name: string;
                            /**
                             * Format: uri
                             * @example https://www.gamblingcommission.gov.uk
                             */
                            website: string;
                        }[];
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / quota_exceeded (keyless hourly cap); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached; rate_limited / prelaunch_daily_cap */
            429: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Prelaunch-Daily-Limit": components["headers"]["X-Prelaunch-Daily-Limit"];
                    "X-Prelaunch-Daily-Reset": components["headers"]["X-Prelaunch-Daily-Reset"];
                    "X-Prelaunch-Daily-Used": components["headers"]["X-Prelaunch-Daily-Used"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1JurisdictionsByCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A regulator whose register is read. */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example UKGC */
                        code: string;
                        /** @example GB */
                        country_code: string;
                        /** @example GBP */
                        currency: string;
                        /**
                         * @description The regulator's licence-type vocabulary.
                         * @example [
                         *       "Remote",
                         *       "Non-Remote"
                         *     ]
                         */
                        license_types: string[];
                        /** @example UK Gambling Commission */
                        name: string;
                        /**
                         * Format: uri
                         * @example https://www.gamblingcommission.gov.uk
                         */
                        website: string;
                    };
                };
            };
            /** @description invalid_jurisdiction_code / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / jurisdiction_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1JurisdictionsByCodeOperators: {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path: {
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        jurisdiction_code: string;
                        limit: string | number;
                        offset: string | number;
                        operators: {
                            country: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            created_at: string;
                            /** @example Example Gaming */
                            display_name: string;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /**
                             * @description The name the register prints next to the entity.
                             * @example Example Gaming Ltd
                             */
                            registered_name: string;
                            /**
                             * @description Lowercase; resolved in any letter case.
                             * @example example-gaming-ltd
                             */
                            slug: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            updated_at: string;
                            /**
                             * @description The operator's id in each register, keyed by jurisdiction code.
                             * @example {
                             *       "UKGC": "39028"
                             *     }
                             */
                            upstream_ids: {
                                [key: string]: unknown;
                            };
                        }[];
                        total: string | number;
                    };
                };
            };
            /** @description invalid_jurisdiction_code / invalid_input; invalid_pagination / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / jurisdiction_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1LicensesByLicense_id: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path: {
                license_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A licence with provenance. */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Single-resource provenance. */
                        _meta: {
                            /** @enum {string} */
                            confidence_hint: "authoritative" | "scraped" | "derived";
                            /**
                             * Format: date-time
                             * @description When the resource was last read: the licence's last reconciliation; for an operator its licences' newest, or the operator row's last write when it holds none.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            scraped_at: string;
                            /** @description Always null. */
                            source_modified_at: null;
                            /** @description The publication the answer rests on; null when not attributable to one URL. */
                            source_url: string | null;
                        };
                        /** @description Status at the requested instant, inside the observation window only. */
                        as_of?: {
                            /** @enum {string} */
                            basis: "observed" | "corrected" | "before_tracking" | "no_such_license" | "no_license_resolved";
                            correction?: {
                                /** Format: date-time */
                                corrected_at: string;
                                correction_note: string | null;
                                event_id: string;
                                /** @description Never quote this as the status. */
                                withdrawn_status: string;
                            };
                            /**
                             * Format: date-time
                             * @description The UTC instant the `as_of` input resolved to.
                             */
                            resolved_at: string;
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /** Format: date-time */
                            tracking_since: string | null;
                            transition: {
                                change_type: string;
                                /** Format: date-time */
                                changed_at: string;
                                id: string;
                                /** @enum {string} */
                                new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                                previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                source_url: string;
                            } | null;
                        };
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         * @example 2024-03-31
                         */
                        expiry_date: string | null;
                        /**
                         * Format: uuid
                         * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                         */
                        id: string;
                        /**
                         * Format: date
                         * @description YYYY-MM-DD
                         * @example 2024-03-31
                         */
                        issued_date: string | null;
                        /** @example UKGC */
                        jurisdiction_code: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         * @example 2026-11-05T06:12:44.118Z
                         */
                        last_listed_at: string | null;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         * @example 2026-11-05T06:12:44.118Z
                         */
                        last_verified_at: string;
                        /**
                         * @description Harmonised cross-jurisdiction category: `remote`, `non-remote`, `ancillary`, `b2b` or `other`.
                         * @example remote
                         */
                        license_category: string;
                        /** @example 000-039028-R-319409-009 */
                        license_number: string;
                        /** @description True for every KH, TGC, IOM licence: the service assigned the reference. */
                        license_reference_is_ours: boolean;
                        license_type_raw: string;
                        license_types: string[];
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         * @example 2026-11-05T06:12:44.118Z
                         */
                        not_listed_since: string | null;
                        /** @description Scraper-specific, unstable; diagnostic use only. */
                        raw_data: {
                            [key: string]: unknown;
                        };
                        source_url: string;
                        /** @enum {string} */
                        status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         * @example 2026-11-05T06:12:44.118Z
                         */
                        status_observed_at: string | null;
                        /** @description `provisional_under_assessment` or null. */
                        status_qualifier: string | null;
                        status_source_url: string | null;
                        /** @description The register's status wording, verbatim. */
                        upstream_status: string | null;
                    };
                };
            };
            /** @description invalid_license_id / invalid_input; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / license_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1LicensesByLicense_idHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                license_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description List provenance. */
                        _meta: {
                            freshness_range: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                newest: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                oldest: string | null;
                            };
                            /** @description Distinct upstream sources on the page (roughly jurisdictions). */
                            total_sources: string | number;
                        };
                        history: {
                            /** @enum {string} */
                            change_type: "created" | "status_change" | "renewed" | "revoked" | "data_update";
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            changed_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            corrected_at: string | null;
                            correction_note: string | null;
                            detected_by: string;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /** @enum {string} */
                            new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                            note: string | null;
                            previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            snapshot_fetched_at: string | null;
                            snapshot_sha256: string | null;
                            source_url: string;
                        }[];
                        /** Format: uuid */
                        license_id: string;
                        license_number: string;
                    };
                };
            };
            /** @description invalid_license_id / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / license_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1OperatorsBySlug: {
        parameters: {
            query?: {
                as_of?: string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Single-resource provenance. */
                        _meta: {
                            /** @enum {string} */
                            confidence_hint: "authoritative" | "scraped" | "derived";
                            /**
                             * Format: date-time
                             * @description When the resource was last read: the licence's last reconciliation; for an operator its licences' newest, or the operator row's last write when it holds none.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            scraped_at: string;
                            /** @description Always null. */
                            source_modified_at: null;
                            /** @description The publication the answer rests on; null when not attributable to one URL. */
                            source_url: string | null;
                        };
                        domains: {
                            association: "direct" | "white_label" | null;
                            /** @example example-casino.com */
                            hostname: string;
                            jurisdiction_code: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            last_listed_at: string | null;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            license_id: string | null;
                            /** @enum {string} */
                            status: "active" | "parked" | "expired" | "redirecting" | "delisted";
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            verification_page_read_at: string | null;
                            /** @description What the page printed at the latest read, verbatim. */
                            verification_page_status: string | null;
                            /** @description The regulator's own per-domain verification page (CW certificate, TGC seal). */
                            verification_url: string | null;
                        }[];
                        licenses: {
                            /** @description Status at the requested instant, inside the observation window only. */
                            as_of?: {
                                /** @enum {string} */
                                basis: "observed" | "corrected" | "before_tracking" | "no_such_license" | "no_license_resolved";
                                correction?: {
                                    /** Format: date-time */
                                    corrected_at: string;
                                    correction_note: string | null;
                                    event_id: string;
                                    /** @description Never quote this as the status. */
                                    withdrawn_status: string;
                                };
                                /**
                                 * Format: date-time
                                 * @description The UTC instant the `as_of` input resolved to.
                                 */
                                resolved_at: string;
                                status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                /** Format: date-time */
                                tracking_since: string | null;
                                transition: {
                                    change_type: string;
                                    /** Format: date-time */
                                    changed_at: string;
                                    id: string;
                                    /** @enum {string} */
                                    new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                                    previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                    source_url: string;
                                } | null;
                            };
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             * @example 2024-03-31
                             */
                            expiry_date: string | null;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             * @example 2024-03-31
                             */
                            issued_date: string | null;
                            /** @example UKGC */
                            jurisdiction_code: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            last_listed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            last_verified_at: string;
                            /**
                             * @description Harmonised cross-jurisdiction category: `remote`, `non-remote`, `ancillary`, `b2b` or `other`.
                             * @example remote
                             */
                            license_category: string;
                            /** @example 000-039028-R-319409-009 */
                            license_number: string;
                            /** @description True for every KH, TGC, IOM licence: the service assigned the reference. */
                            license_reference_is_ours: boolean;
                            license_type_raw: string;
                            license_types: string[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            not_listed_since: string | null;
                            /** @description Scraper-specific, unstable; diagnostic use only. */
                            raw_data: {
                                [key: string]: unknown;
                            };
                            source_url: string;
                            /** @enum {string} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            status_observed_at: string | null;
                            /** @description `provisional_under_assessment` or null. */
                            status_qualifier: string | null;
                            status_source_url: string | null;
                            /** @description The register's status wording, verbatim. */
                            upstream_status: string | null;
                        }[];
                        /** @description An operator (licence holder). */
                        operator: {
                            country: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            created_at: string;
                            /** @example Example Gaming */
                            display_name: string;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /**
                             * @description The name the register prints next to the entity.
                             * @example Example Gaming Ltd
                             */
                            registered_name: string;
                            /**
                             * @description Lowercase; resolved in any letter case.
                             * @example example-gaming-ltd
                             */
                            slug: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            updated_at: string;
                            /**
                             * @description The operator's id in each register, keyed by jurisdiction code.
                             * @example {
                             *       "UKGC": "39028"
                             *     }
                             */
                            upstream_ids: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description invalid_slug / invalid_input; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / operator_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1OperatorsBySlugLicenses: {
        parameters: {
            query?: {
                as_of?: string;
                include_history?: boolean | string;
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        licenses: {
                            /** @description Status at the requested instant, inside the observation window only. */
                            as_of?: {
                                /** @enum {string} */
                                basis: "observed" | "corrected" | "before_tracking" | "no_such_license" | "no_license_resolved";
                                correction?: {
                                    /** Format: date-time */
                                    corrected_at: string;
                                    correction_note: string | null;
                                    event_id: string;
                                    /** @description Never quote this as the status. */
                                    withdrawn_status: string;
                                };
                                /**
                                 * Format: date-time
                                 * @description The UTC instant the `as_of` input resolved to.
                                 */
                                resolved_at: string;
                                status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                /** Format: date-time */
                                tracking_since: string | null;
                                transition: {
                                    change_type: string;
                                    /** Format: date-time */
                                    changed_at: string;
                                    id: string;
                                    /** @enum {string} */
                                    new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                                    previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                    source_url: string;
                                } | null;
                            };
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             * @example 2024-03-31
                             */
                            expiry_date: string | null;
                            /** @description With include_history=true: most recent first. */
                            history?: {
                                /** @enum {string} */
                                change_type: "created" | "status_change" | "renewed" | "revoked" | "data_update";
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                changed_at: string;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                corrected_at: string | null;
                                correction_note: string | null;
                                detected_by: string;
                                /**
                                 * Format: uuid
                                 * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                                 */
                                id: string;
                                /** @enum {string} */
                                new_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                                note: string | null;
                                previous_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                snapshot_fetched_at: string | null;
                                snapshot_sha256: string | null;
                                source_url: string;
                            }[];
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             * @example 2024-03-31
                             */
                            issued_date: string | null;
                            /** @example UKGC */
                            jurisdiction_code: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            last_listed_at: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            last_verified_at: string;
                            /**
                             * @description Harmonised cross-jurisdiction category: `remote`, `non-remote`, `ancillary`, `b2b` or `other`.
                             * @example remote
                             */
                            license_category: string;
                            /** @example 000-039028-R-319409-009 */
                            license_number: string;
                            /** @description True for every KH, TGC, IOM licence: the service assigned the reference. */
                            license_reference_is_ours: boolean;
                            license_type_raw: string;
                            license_types: string[];
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            not_listed_since: string | null;
                            /** @description Scraper-specific, unstable; diagnostic use only. */
                            raw_data: {
                                [key: string]: unknown;
                            };
                            source_url: string;
                            /** @enum {string} */
                            status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown";
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            status_observed_at: string | null;
                            /** @description `provisional_under_assessment` or null. */
                            status_qualifier: string | null;
                            status_source_url: string | null;
                            /** @description The register's status wording, verbatim. */
                            upstream_status: string | null;
                        }[];
                        operator_slug: string;
                    };
                };
            };
            /** @description invalid_slug / invalid_input; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / operator_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    "getV1OperatorsBySlugRegulatory-actions": {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
                sort?: "date_desc" | "date_asc" | "amount_desc" | "type_asc";
            };
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        _meta: {
                            freshness_range: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                newest: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                oldest: string | null;
                            };
                            /** @description What the list does and does not mean. */
                            note: string;
                            /** @description The enforcement publications read, with the latest successful read. */
                            sources_read: {
                                jurisdiction_code: string;
                                /** Format: date-time */
                                last_read_at: string | null;
                                source_url: string | null;
                            }[];
                            /** @description Distinct upstream sources on the page (roughly jurisdictions). */
                            total_sources: string | number;
                        };
                        limit: string | number;
                        offset: string | number;
                        operator_slug: string;
                        regulatory_actions: {
                            /** @example fine */
                            action_type: string;
                            /** @description Smallest currency unit (pence, cents). */
                            amount_minor_units: (string | number) | null;
                            currency: string | null;
                            /**
                             * Format: date
                             * @description YYYY-MM-DD
                             * @example 2024-03-31
                             */
                            decision_date: string | null;
                            /** @description The entity the publication names. */
                            entity_name: string;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            jurisdiction_code: string;
                            source_url: string;
                            summary: string | null;
                        }[];
                        sort: string;
                        total: string | number;
                    };
                };
            };
            /** @description invalid_slug / invalid_input; invalid_query / invalid_pagination; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / operator_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1OperatorsSearch: {
        parameters: {
            query: {
                limit?: string;
                offset?: string;
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    /** @description Always sent on this response. `tier=public;limit=10;window=hour` on keyless calls, `tier=authenticated` when a key is used on a public endpoint, `tier=unlimited` on plans without a monthly cap; otherwise absent. */
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description List provenance. */
                        _meta: {
                            freshness_range: {
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                newest: string | null;
                                /**
                                 * Format: date-time
                                 * @description ISO-8601 UTC with milliseconds.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                oldest: string | null;
                            };
                            /** @description Distinct upstream sources on the page (roughly jurisdictions). */
                            total_sources: string | number;
                        };
                        /** @description The limit applied. */
                        limit: string | number;
                        offset: string | number;
                        operators: {
                            /** @description Single-resource provenance. */
                            _meta: {
                                /** @enum {string} */
                                confidence_hint: "authoritative" | "scraped" | "derived";
                                /**
                                 * Format: date-time
                                 * @description When the resource was last read: the licence's last reconciliation; for an operator its licences' newest, or the operator row's last write when it holds none.
                                 * @example 2026-11-05T06:12:44.118Z
                                 */
                                scraped_at: string;
                                /** @description Always null. */
                                source_modified_at: null;
                                /** @description The publication the answer rests on; null when not attributable to one URL. */
                                source_url: string | null;
                            };
                            country: string | null;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            created_at: string;
                            /** @example Example Gaming */
                            display_name: string;
                            /**
                             * Format: uuid
                             * @example 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10
                             */
                            id: string;
                            /**
                             * @description The name the register prints next to the entity.
                             * @example Example Gaming Ltd
                             */
                            registered_name: string;
                            /**
                             * @description Lowercase; resolved in any letter case.
                             * @example example-gaming-ltd
                             */
                            slug: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             * @example 2026-11-05T06:12:44.118Z
                             */
                            updated_at: string;
                            /**
                             * @description The operator's id in each register, keyed by jurisdiction code.
                             * @example {
                             *       "UKGC": "39028"
                             *     }
                             */
                            upstream_ids: {
                                [key: string]: unknown;
                            };
                        }[];
                        q: string;
                        total: string | number;
                    };
                };
            };
            /** @description invalid_query / invalid_input; invalid_query / invalid_pagination */
            400: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / quota_exceeded (keyless hourly cap); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached; rate_limited / prelaunch_daily_cap */
            429: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Prelaunch-Daily-Limit": components["headers"]["X-Prelaunch-Daily-Limit"];
                    "X-Prelaunch-Daily-Reset": components["headers"]["X-Prelaunch-Daily-Reset"];
                    "X-Prelaunch-Daily-Used": components["headers"]["X-Prelaunch-Daily-Used"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1SnapshotsBySha256: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sha256: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The publication bytes as read, with their content type; `X-Snapshot-Read-At` is the latest read that returned them. */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. When these bytes were first fetched. */
                    "X-Snapshot-First-Fetched-At": components["headers"]["X-Snapshot-First-Fetched-At"];
                    /** @description Always sent on this response. The latest register read that returned these bytes (fetched, or confirmed unchanged). */
                    "X-Snapshot-Read-At": components["headers"]["X-Snapshot-Read-At"];
                    /** @description Always sent on this response. Lowercase hex SHA-256 of the body (the path’s hash). */
                    "X-Snapshot-Sha256": components["headers"]["X-Snapshot-Sha256"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / snapshot_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Headline counts, each with its definition. */
            200: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Brand pages. */
                        brand_pages: {
                            definition: string;
                            value: string | number;
                        };
                        /**
                         * Format: date-time
                         * @description When these figures were counted (at most 10 minutes ago).
                         */
                        counted_at: string;
                        /** @description Domain links with a regulator verification page. */
                        domains_with_regulator_verification: {
                            definition: string;
                            value: string | number;
                        };
                        jurisdictions: {
                            definition: string;
                            rows: {
                                code: string;
                                fresh: boolean | null;
                                /** Format: date-time */
                                last_register_read_at: string | null;
                                licences: string | number;
                                sla_hours: string | number;
                            }[];
                        };
                        licences_by_status: {
                            counts: {
                                [key: string]: string | number;
                            };
                            definition: string;
                        };
                        /** @description Domain links. */
                        linked_domains: {
                            definition: string;
                            value: string | number;
                        };
                        /** @description Operators. */
                        operators: {
                            definition: string;
                            value: string | number;
                        };
                        /** @description Status changes read in the last 30 days. */
                        status_changes_last_30_days: {
                            definition: string;
                            value: string | number;
                        };
                        /** @description Withdrawn history events. */
                        withdrawn_events: {
                            definition: string;
                            value: string | number;
                        };
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Public service status: per register freshness, record counts, and incidents of the last 30 days. */
            200: {
                headers: {
                    /** @description Always sent on this response. `public, max-age=5` on `GET /v1/status`: each replica reuses one answer for 5 seconds. `no-store` on an export: each export is counted and is the file of the register state at the time, never one a cache kept. */
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Whether a checker answered when this answer was computed; false: `GET /v1/check` and `POST /v1/check/batch` answer 503 `checker_unavailable` until one does. */
                        checks_available: boolean;
                        /**
                         * Format: date-time
                         * @description When this answer was computed (answers are reused for up to 5 seconds).
                         */
                        generated_at: string;
                        /** @example 30 */
                        incident_window_days: string | number;
                        /** @description Incidents of the window, newest first, at most 100. */
                        incidents: {
                            /** Format: date-time */
                            at: string;
                            /** @description Failure reason of a failed read (e.g. `http_status`, `parse_failed`); null for coverage events. */
                            detail: string | null;
                            jurisdiction: string;
                            /** @enum {string} */
                            kind: "read_failed" | "coverage_degraded" | "coverage_restored";
                        }[];
                        /** @description Every incident of the window, including those past the listed ones. */
                        incidents_in_window: string | number;
                        registers: {
                            /** @description Whole hours since that read. */
                            age_hours: (string | number) | null;
                            /** @description age_hours below sla_hours; a register never read is not fresh. */
                            fresh: boolean;
                            /** @example UKGC */
                            jurisdiction: string;
                            /**
                             * Format: date-time
                             * @description End of the last successful read of the register; null when never read.
                             */
                            last_successful_read_at: string | null;
                            name: string;
                            /** @description Records held from this register as of its last successful read. */
                            record_counts: {
                                domains: string | number;
                                licences: string | number;
                                operators: string | number;
                            };
                            /** @description Freshness SLA: 24 hours (UKGC, AN, TGC, IOM) or 48 (MGA, CW, KH). */
                            sla_hours: string | number;
                            /** @description One entry per UTC day, the last 30 days (today included), oldest first. */
                            timeline: {
                                /**
                                 * Format: date
                                 * @description UTC day.
                                 */
                                date: string;
                                /** @description Failed reads started that day. */
                                read_failures: string | number;
                                /** @enum {string} */
                                state: "operational" | "read_failures" | "stale";
                            }[];
                        }[];
                        /** @enum {string} */
                        status: "operational" | "degraded";
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Usage: {
        parameters: {
            query?: {
                month?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        generated_at: string;
                        /** @description The month asked for, then the month before it. */
                        months: {
                            /** @description Admitted calls in the month. */
                            calls: string | number;
                            /** @description Every day of the month up to today (all of a past month), zeros included, oldest first. */
                            days: {
                                calls: string | number;
                                /**
                                 * Format: date
                                 * @description UTC date, YYYY-MM-DD.
                                 * @example 2026-11-03
                                 */
                                date: string;
                                refusals: string | number;
                            }[];
                            /** @description Keys with calls or refusals in the month, and one `kind: dashboard` entry per dashboard action, most calls first. A key is a dashboard action key by the dashboard's record of the keys it issued, never by its name. */
                            keys: ({
                                calls: string | number;
                                /** Format: uuid */
                                key_id: string;
                                /**
                                 * @description One of the account’s API keys (a connector grant’s key included).
                                 * @constant
                                 */
                                kind: "key";
                                /** @description The key's label; null once the key is deleted. */
                                name: string | null;
                                /** @description The key's display prefix; null once the key is deleted. */
                                prefix: string | null;
                                refusals: string | number;
                                revoked: boolean;
                            } | {
                                /**
                                 * @description The dashboard action.
                                 * @example bulk_check
                                 * @example export
                                 * @example usage
                                 */
                                action: string;
                                calls: string | number;
                                /**
                                 * @description All the dashboard's calls of one action, each made with its own one-call key.
                                 * @constant
                                 */
                                kind: "dashboard";
                                refusals: string | number;
                            })[];
                            /**
                             * @description UTC month, YYYY-MM.
                             * @example 2026-11
                             */
                            month: string;
                            /** @description Refused calls of known keys in the month. */
                            refusals: string | number;
                            /** @description Most frequent first. */
                            refusals_by_reason: {
                                count: string | number;
                                /**
                                 * @description The refusal's `details.reason`.
                                 * @example per_second_limit_exceeded
                                 */
                                reason: string;
                                /**
                                 * @description The HTTP status it was answered with.
                                 * @example 429
                                 */
                                status: (string | number) | null;
                            }[];
                        }[];
                        /** @example pro */
                        plan_tier: string;
                        /** @description The current month, whatever `month` asks for. */
                        quota: {
                            /** @description The plan's monthly quota; null when unlimited. */
                            limit: (string | number) | null;
                            /** @description null when `limit` is null. */
                            remaining: (string | number) | null;
                            /**
                             * Format: date-time
                             * @description 00:00 UTC on the 1st of next month.
                             */
                            resets_at: string;
                            /** @description Calls charged this UTC month: the same count as X-Monthly-Quota-Used. */
                            used: string | number;
                        };
                    };
                };
            };
            /** @description invalid_query / invalid_month */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Watchlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Operators on the watchlist. */
                        count: string | number;
                        /** @description The plan's watchlist cap; null when unlimited. */
                        limit: (string | number) | null;
                        /** @description The 50 most recently added, newest first. */
                        operators: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            added_at: string;
                            country: string | null;
                            display_name: string;
                            /**
                             * Format: uuid
                             * @description The operator's id.
                             */
                            id: string;
                            /** @description Jurisdiction of that headline licence. */
                            jurisdiction_code: string | null;
                            /**
                             * @description Status of the operator's headline licence: an active one if any, else the most recently verified; null without licences.
                             * @enum {string|null}
                             */
                            license_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /** @example example-gaming-ltd */
                            slug: string;
                        }[];
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1WatchlistEvents: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: string;
                since?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    /** @description Always sent on this response. Polls of the events feed allowed per clock hour, or `unlimited`. */
                    "X-Poll-RateLimit-Limit": components["headers"]["X-Poll-RateLimit-Limit"];
                    "X-Poll-RateLimit-Remaining": components["headers"]["X-Poll-RateLimit-Remaining"];
                    /** @description Always sent on this response. ISO-8601 timestamp when the hourly poll counter rolls over. */
                    "X-Poll-RateLimit-Reset": components["headers"]["X-Poll-RateLimit-Reset"];
                    /** @description Always sent on this response. Always `hour`. */
                    "X-Poll-RateLimit-Window": components["headers"]["X-Poll-RateLimit-Window"];
                    /** @description Always sent on this response. Seconds between polls that stay under the ceiling: `ceil(3600 / limit)`; 1 when unlimited. */
                    "X-Poll-Recommended-Interval": components["headers"]["X-Poll-Recommended-Interval"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description In the order the service recorded them, oldest first; `timestamp` (when emitted) can run a little backwards. */
                        events: {
                            /** @constant */
                            api_version: "2026-04-20";
                            /** @description Varies by event; see the events guide. */
                            data: {
                                [key: string]: unknown;
                            };
                            /**
                             * @description Event name.
                             * @example license.status_changed
                             */
                            event: string;
                            /** @description `evt_` + ULID; the dedupe key, equal to the webhook delivery event_id. */
                            event_id: string;
                            livemode: boolean;
                            /**
                             * Format: date-time
                             * @description When the event was emitted, not when the change happened.
                             */
                            timestamp: string;
                        }[];
                        /** @description True when more events are available right now. */
                        has_more: boolean;
                        /** @description Where the next call resumes; always set, also on an empty page, so a poller can keep following the feed. */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description invalid_query / conflicting_parameters; invalid_query / invalid_cursor; invalid_query / since_exceeds_retention_window; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached; rate_limited / watchlist_events_poll_limit */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-Poll-RateLimit-Limit": components["headers"]["X-Poll-RateLimit-Limit"];
                    "X-Poll-RateLimit-Remaining": components["headers"]["X-Poll-RateLimit-Remaining"];
                    "X-Poll-RateLimit-Reset": components["headers"]["X-Poll-RateLimit-Reset"];
                    "X-Poll-RateLimit-Window": components["headers"]["X-Poll-RateLimit-Window"];
                    "X-Poll-Recommended-Interval": components["headers"]["X-Poll-Recommended-Interval"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1WatchlistOperators: {
        parameters: {
            query?: {
                limit?: string;
                offset?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        limit: string | number;
                        offset: string | number;
                        /** @description Sorted by added_at, newest first. */
                        operators: {
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            added_at: string;
                            country: string | null;
                            display_name: string;
                            /**
                             * Format: uuid
                             * @description The operator's id.
                             */
                            id: string;
                            /** @description Jurisdiction of that headline licence. */
                            jurisdiction_code: string | null;
                            /**
                             * @description Status of the operator's headline licence: an active one if any, else the most recently verified; null without licences.
                             * @enum {string|null}
                             */
                            license_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                            /** @example example-gaming-ltd */
                            slug: string;
                        }[];
                        total: string | number;
                    };
                };
            };
            /** @description invalid_query / invalid_pagination */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1WatchlistOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Slug of the operator to watch, any letter case.
                     * @example example-gaming-ltd
                     */
                    operator_slug: string;
                };
            };
        };
        responses: {
            /** @description An operator on the watchlist. */
            201: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        added_at: string;
                        country: string | null;
                        display_name: string;
                        /**
                         * Format: uuid
                         * @description The operator's id.
                         */
                        id: string;
                        /** @description Jurisdiction of that headline licence. */
                        jurisdiction_code: string | null;
                        /**
                         * @description Status of the operator's headline licence: an active one if any, else the most recently verified; null without licences.
                         * @enum {string|null}
                         */
                        license_status: "active" | "suspended" | "revoked" | "expired" | "pending" | "surrendered" | "not_in_register" | "unknown" | null;
                        /** @example example-gaming-ltd */
                        slug: string;
                    };
                };
            };
            /** @description invalid_query / invalid_input; invalid_slug / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description quota_exceeded / watchlist_quota_exceeded */
            403: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / operator_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / watchlist_duplicate */
            409: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / body_too_large */
            413: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    deleteV1WatchlistOperatorsBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed, or was not listed. */
            204: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_slug / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: {
                            active: boolean;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            created_at: string;
                            description: string | null;
                            events: string[];
                            /** @description Failed attempts since the last successful delivery. */
                            failure_count: string | number;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            last_delivered_at: string | null;
                            /** @description success: last attempt delivered; retrying: last attempt failed and a retry is scheduled; failed: a delivery was abandoned. */
                            last_delivery_status: "success" | "failed" | "retrying" | null;
                            /** Format: uri */
                            url: string;
                            /** @description True limits license.* and regulatory_action.* to operators on the watchlist; coverage.* ignore it. */
                            watchlist_only: boolean;
                        }[];
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1Webhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description At most 500 characters. */
                    description?: string | null;
                    /** @description At least one event name. */
                    events: string[];
                    /**
                     * @description Public https URL (http accepted), at most 2048 characters.
                     * @example https://hooks.example.com/licences
                     */
                    url: string;
                    /** @default true */
                    watchlist_only?: boolean;
                };
            };
        };
        responses: {
            /** @description The new endpoint and its signing secret (returned once only). */
            201: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        created_at: string;
                        description: string | null;
                        events: string[];
                        /** @description Failed attempts since the last successful delivery. */
                        failure_count: string | number;
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        last_delivered_at: string | null;
                        /** @description success: last attempt delivered; retrying: last attempt failed and a retry is scheduled; failed: a delivery was abandoned. */
                        last_delivery_status: "success" | "failed" | "retrying" | null;
                        /** @description Raw HMAC-SHA256 signing secret, shown once. */
                        secret: string;
                        /** Format: uri */
                        url: string;
                        /** @description True limits license.* and regulatory_action.* to operators on the watchlist; coverage.* ignore it. */
                        watchlist_only: boolean;
                    };
                };
            };
            /** @description invalid_query / invalid_url; invalid_query / invalid_scheme; invalid_query / empty_host; invalid_query / blocked_hostname; invalid_query / unresolvable_host; invalid_query / private_ip_blocked; invalid_query / invalid_event_type; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description quota_exceeded / webhook_quota_exceeded */
            403: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / body_too_large */
            413: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    deleteV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted with its secrets and deliveries. */
            204: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    patchV1WebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    active?: boolean;
                    /** @description null clears it; omitted leaves it unchanged. */
                    description?: string | null;
                    events?: string[];
                    /** @description A changed URL passes the URL policy again. */
                    url?: string;
                    watchlist_only?: boolean;
                };
            };
        };
        responses: {
            /** @description A webhook endpoint (never includes a secret). */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        active: boolean;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        created_at: string;
                        description: string | null;
                        events: string[];
                        /** @description Failed attempts since the last successful delivery. */
                        failure_count: string | number;
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        last_delivered_at: string | null;
                        /** @description success: last attempt delivered; retrying: last attempt failed and a retry is scheduled; failed: a delivery was abandoned. */
                        last_delivery_status: "success" | "failed" | "retrying" | null;
                        /** Format: uri */
                        url: string;
                        /** @description True limits license.* and regulatory_action.* to operators on the watchlist; coverage.* ignore it. */
                        watchlist_only: boolean;
                    };
                };
            };
            /** @description invalid_query / invalid_url; invalid_query / invalid_scheme; invalid_query / empty_host; invalid_query / blocked_hostname; invalid_query / unresolvable_host; invalid_query / private_ip_blocked; invalid_query / invalid_event_type; invalid_query / invalid_input */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description quota_exceeded / webhook_quota_exceeded */
            403: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / body_too_large */
            413: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    getV1WebhooksByIdDeliveries: {
        parameters: {
            query?: {
                limit?: string;
                status?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first; kept 30 days. */
                        deliveries: {
                            /** @description Set on abandoned deliveries only. attempts_exhausted: all 7 attempts failed. event_withdrawn: the event was withdrawn (its licence-history change was recorded in error) before the next attempt, which is not made; the endpoint missed nothing. */
                            abandoned_reason: "attempts_exhausted" | "event_withdrawn" | null;
                            attempt_count: string | number;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            delivered_at: string | null;
                            /** @description Equal to the envelope event_id; the receiver dedupe key. */
                            event_id: string;
                            /**
                             * @description One of: license.status_changed, license.expiring_30d, license.expiring_60d, license.expiring_90d, license.expired, license.issued, regulatory_action.added, coverage.degraded, coverage.restored, webhook.endpoint_degraded.
                             * @example license.status_changed
                             */
                            event_type: string;
                            /** Format: uuid */
                            id: string;
                            /**
                             * Format: date-time
                             * @description ISO-8601 UTC with milliseconds.
                             */
                            last_attempt_at: string | null;
                            last_response_status: (string | number) | null;
                            /**
                             * Format: date-time
                             * @description When the next attempt is due; for a finished delivery, when its last attempt was due.
                             */
                            next_retry_at: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "abandoned";
                        }[];
                    };
                };
            };
            /** @description invalid_query / invalid_input; invalid_query / invalid_pagination */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1WebhooksByIdDeliveriesByDelivery_idResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                delivery_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 201 */
            201: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Set on abandoned deliveries only. attempts_exhausted: all 7 attempts failed. event_withdrawn: the event was withdrawn (its licence-history change was recorded in error) before the next attempt, which is not made; the endpoint missed nothing. */
                        abandoned_reason: "attempts_exhausted" | "event_withdrawn" | null;
                        attempt_count: string | number;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        delivered_at: string | null;
                        /** @description Equal to the envelope event_id; the receiver dedupe key. */
                        event_id: string;
                        /**
                         * @description One of: license.status_changed, license.expiring_30d, license.expiring_60d, license.expiring_90d, license.expired, license.issued, regulatory_action.added, coverage.degraded, coverage.restored, webhook.endpoint_degraded.
                         * @example license.status_changed
                         */
                        event_type: string;
                        /** Format: uuid */
                        id: string;
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        last_attempt_at: string | null;
                        last_response_status: (string | number) | null;
                        /**
                         * Format: date-time
                         * @description When the next attempt is due; for a finished delivery, when its last attempt was due.
                         */
                        next_retry_at: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed" | "abandoned";
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found; not_found / delivery_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / endpoint_inactive; invalid_query / delivery_in_progress; invalid_query / event_expired; invalid_query / event_withdrawn */
            409: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1WebhooksByIdRotate_secret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description ISO-8601 UTC with milliseconds.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description Raw HMAC-SHA256 signing secret, shown once. */
                        secret: string;
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
    postV1WebhooksByIdTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Response for status 200 */
            200: {
                headers: {
                    /** @description Always sent on this response. The plan’s monthly ceiling, or `unlimited`. */
                    "X-Monthly-Quota-Limit": components["headers"]["X-Monthly-Quota-Limit"];
                    "X-Monthly-Quota-Remaining": components["headers"]["X-Monthly-Quota-Remaining"];
                    "X-Monthly-Quota-Reset": components["headers"]["X-Monthly-Quota-Reset"];
                    "X-Monthly-Quota-Used": components["headers"]["X-Monthly-Quota-Used"];
                    "X-Monthly-Quota-Warning": components["headers"]["X-Monthly-Quota-Warning"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Policy": components["headers"]["X-RateLimit-Policy"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered: boolean;
                        error: string | null;
                        http_status: (string | number) | null;
                        latency_ms: string | number;
                        /** @description The first 256 bytes of the answer when it is text (a `text/*`, JSON or XML media type, or none and valid UTF-8), control and invisible format characters replaced by spaces; null for any other answer. */
                        response_body: string | null;
                    };
                };
            };
            /** @description The error envelope of every non-2xx response. */
            400: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description auth_required / api_key_missing; auth_invalid / malformed_header; auth_invalid / api_key_invalid; auth_revoked / api_key_revoked */
            401: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description payment_required / plan_inactive; payment_required / endpoint_requires_paid_plan */
            402: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Always sent on this response. The pricing page. On the public endpoints (check, jurisdictions, operators search, coverage) every response carries it, refusals of the key included. */
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description not_found / webhook_not_found */
            404: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description invalid_query / no_active_secret */
            409: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block); rate_limited / per_second_limit_exceeded; quota_exceeded / monthly_request_limit_reached */
            429: {
                headers: {
                    "Retry-After": components["headers"]["Retry-After"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Upgrade-URL": components["headers"]["X-Upgrade-URL"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description server_error / internal_error */
            500: {
                headers: {
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
            /** @description service_unavailable / limits_store_unavailable; service_unavailable / dependency_unavailable */
            503: {
                headers: {
                    /** @description Always sent on this response. Seconds to wait before retrying: 1 on a per-second 429 and on a 503; the seconds to 00:00 UTC on the trial daily cap and the export daily cap. */
                    "Retry-After": components["headers"]["Retry-After"];
                    /** @description Always sent on this response. Id of this request, on every response: the caller’s own `X-Request-Id` when it is 8–64 of `A–Z a–z 0–9 . _ -`, else `req_` and 32 hex digits. Quote it when reporting a problem. */
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stable error class. */
                        code: string;
                        details: {
                            /** @description The input at fault, when one is. */
                            field?: string;
                            /** @description Machine-readable cause; always present. */
                            reason: string;
                            suggestion?: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description Human-readable summary; may change, do not branch on it. */
                        error: string;
                    };
                };
            };
        };
    };
}
