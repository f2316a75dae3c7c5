/** Stable error classes from SPEC.md "Errors" (`code`). */
export const ERROR_CODES = [
	'invalid_query',
	'invalid_slug',
	'invalid_license_id',
	'invalid_jurisdiction_code',
	'invalid_pagination',
	'not_found',
	'auth_required',
	'auth_invalid',
	'auth_revoked',
	'payment_required',
	'quota_exceeded',
	'rate_limited',
	'server_error',
	'method_not_allowed',
	'service_unavailable'
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** Machine-readable causes (`details.reason`) from SPEC.md's error table, plus the 503 reasons the project decided. */
export const ERROR_REASONS = [
	'invalid_input',
	'as_of_not_supported',
	'not_a_valid_hostname',
	'hostname_too_long',
	'missing_required_parameter',
	'conflicting_parameters',
	'invalid_pagination',
	'invalid_cursor',
	'since_exceeds_retention_window',
	'invalid_event_type',
	'invalid_url',
	'invalid_scheme',
	'empty_host',
	'blocked_hostname',
	'unresolvable_host',
	'private_ip_blocked',
	'api_key_missing',
	'malformed_header',
	'api_key_invalid',
	'api_key_revoked',
	'plan_inactive',
	'endpoint_requires_paid_plan',
	'export_requires_pro',
	'watchlist_quota_exceeded',
	'webhook_quota_exceeded',
	'route_not_found',
	'operator_not_found',
	'license_not_found',
	'jurisdiction_not_found',
	'webhook_not_found',
	'dataset_not_found',
	'method_not_allowed',
	'watchlist_duplicate',
	'no_active_secret',
	'quota_exceeded',
	'per_second_limit_exceeded',
	'prelaunch_daily_cap',
	'watchlist_events_poll_limit',
	'export_daily_limit_reached',
	'monthly_request_limit_reached',
	'internal_error',
	'dependency_unavailable',
	'checker_unavailable',
	'limits_store_unavailable',
	'body_too_large',
	'key_lookup_limit_exceeded',
	// The assistant connector (/mcp/account), whose credential is an OAuth access token (docs/mcp.md).
	'access_token_missing',
	'access_token_invalid',
	'access_token_expired',
	'access_token_wrong_audience',
	'grant_revoked'
] as const
export type ErrorReason = (typeof ERROR_REASONS)[number]

/** Per-row error values of POST /v1/check/batch. */
export type BatchRowError = 'invalid_hostname' | 'invalid_input'
