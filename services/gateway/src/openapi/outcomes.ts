import { EVENT_NAMES } from '@lv/contracts'
import type { ErrorCode, ErrorReason } from '@lv/errors'
import type { HeaderName } from './header-catalog.ts'

/**
 * One way an operation can answer other than its success: the status, a whole example body and the
 * headers that answer carries besides X-Request-Id. `stage` says whether the caller had already been
 * admitted (key checked and counted). On a keyless-capable endpoint src/auth/plugin.ts adds to an
 * admitted answer of any status the caller's limit headers (keyless ones, or a key's monthly
 * X-RateLimit-* and X-Upgrade-URL), and X-Upgrade-URL to a refusal before admission
 * (src/openapi/response-headers.ts applies this; `headers` here are the outcome's own).
 */
export type Outcome = {
	status: number
	summary: string
	value: unknown
	headers: readonly HeaderName[]
	stage: 'before-admission' | 'admitted'
}

type ErrorBody = { error: string; code: ErrorCode; details: { reason: ErrorReason; field?: string; [extra: string]: unknown } }

const PRICING_HEADERS = ['X-Upgrade-URL'] as const satisfies readonly HeaderName[]
export const KEYLESS_HEADERS = [
	'X-RateLimit-Limit',
	'X-RateLimit-Remaining',
	'X-RateLimit-Reset',
	'X-RateLimit-Policy',
	'RateLimit-Policy',
	'X-Upgrade-URL'
] as const satisfies readonly HeaderName[]
const POLL_HEADERS = [
	'X-Poll-RateLimit-Limit',
	'X-Poll-RateLimit-Remaining',
	'X-Poll-RateLimit-Reset',
	'X-Poll-RateLimit-Window',
	'X-Poll-Recommended-Interval'
] as const satisfies readonly HeaderName[]

function failure(
	status: number,
	code: ErrorCode,
	reason: ErrorReason,
	error: string,
	more: {
		field?: string
		extras?: Record<string, unknown>
		headers?: readonly HeaderName[]
		stage?: Outcome['stage']
		summary?: string
	} = {}
): Outcome {
	const details: ErrorBody['details'] = { reason }
	if (more.field !== undefined) details.field = more.field
	Object.assign(details, more.extras)
	const body: ErrorBody = { error, code, details }
	return {
		status,
		summary: more.summary ?? `${code} / ${reason}`,
		value: body,
		headers: more.headers ?? [],
		stage: more.stage ?? 'admitted'
	}
}

const before = { stage: 'before-admission' } as const
const slugInvalid = (message: string, field: string) => failure(400, 'invalid_slug', 'invalid_input', message, { field })
const SLUG_LENGTH = 'An operator slug is 1–128 characters.'

/** Every outcome an operation of this gateway can answer with, by id (src/openapi/operations.ts picks them per operation). */
export const OUTCOMES = {
	// Keys and plans (src/auth), decided before the call is counted.
	api_key_missing: failure(
		401,
		'auth_required',
		'api_key_missing',
		'This endpoint needs an API key: send Authorization: Bearer <API_KEY>.',
		before
	),
	malformed_header: failure(401, 'auth_invalid', 'malformed_header', 'The Authorization header must be Bearer <API_KEY>.', before),
	api_key_invalid: failure(401, 'auth_invalid', 'api_key_invalid', 'The API key is not recognised.', before),
	key_lookup_limit_exceeded: failure(
		429,
		'rate_limited',
		'key_lookup_limit_exceeded',
		'More than 20 unrecognised API keys were sent from this address in a minute; keys are not looked up from it until the minute ends.',
		{
			...before,
			summary: 'rate_limited / key_lookup_limit_exceeded (unrecognised keys from one address block)',
			extras: { limit: 20, reset_at: '2026-11-05T12:35:00.000Z', suggestion: 'Check the API key and retry after the minute.' },
			headers: ['Retry-After']
		}
	),
	api_key_revoked: failure(
		401,
		'auth_revoked',
		'api_key_revoked',
		'The API key has been revoked. Create a new key in the dashboard.',
		before
	),
	plan_inactive: failure(402, 'payment_required', 'plan_inactive', 'The account has no active plan.', {
		...before,
		extras: { suggestion: 'Choose a plan in the dashboard.' },
		headers: PRICING_HEADERS
	}),
	endpoint_requires_paid_plan: failure(
		402,
		'payment_required',
		'endpoint_requires_paid_plan',
		'Trial keys may call only GET /v1/check and the endpoints that work without a key.',
		{
			...before,
			extras: { plan_tier: 'trial', suggestion: 'Move the account to a plan to use this endpoint.' },
			headers: PRICING_HEADERS
		}
	),

	// Limits (src/limits).
	keyless_quota_exceeded: failure(
		429,
		'rate_limited',
		'quota_exceeded',
		'Keyless calls are limited to 10 per hour per IP on this endpoint. Use an API key or wait for the next hour.',
		{
			...before,
			summary: 'rate_limited / quota_exceeded (keyless hourly cap)',
			extras: {
				current_usage: 10,
				limit: 10,
				reset_at: '2026-11-05T13:00:00.000Z',
				suggestion: 'Send an API key to use your plan quota instead.'
			},
			headers: KEYLESS_HEADERS
		}
	),
	per_second_limit_exceeded: failure(
		429,
		'rate_limited',
		'per_second_limit_exceeded',
		'Your plan allows 5 requests per second. Retry after one second.',
		{
			...before,
			extras: { current_usage: 6, limit: 5, reset_at: '2026-11-05T12:34:57.000Z', plan_tier: 'starter' },
			headers: ['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Upgrade-URL']
		}
	),
	monthly_request_limit_reached: failure(
		429,
		'quota_exceeded',
		'monthly_request_limit_reached',
		'The monthly quota of 10000 requests is used up; it resets at 00:00 UTC on the 1st.',
		{
			...before,
			extras: {
				current_usage: 10000,
				limit: 10000,
				reset_at: '2026-12-01T00:00:00.000Z',
				plan_tier: 'starter',
				suggestion: 'Upgrade the plan or wait for the monthly reset.'
			},
			headers: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-Upgrade-URL']
		}
	),
	prelaunch_daily_cap: failure(429, 'rate_limited', 'prelaunch_daily_cap', 'Trial keys are limited to 1000 requests per UTC day.', {
		...before,
		extras: { current_usage: 1000, limit: 1000, reset_at: '2026-11-06T00:00:00.000Z', plan_tier: 'trial' },
		headers: ['Retry-After', 'X-Prelaunch-Daily-Limit', 'X-Prelaunch-Daily-Used', 'X-Prelaunch-Daily-Reset', 'X-Upgrade-URL']
	}),
	limits_store_unavailable: failure(
		503,
		'service_unavailable',
		'limits_store_unavailable',
		'The limits store is unreachable; the request was not served.',
		{
			...before,
			headers: ['Retry-After']
		}
	),
	body_too_large: failure(
		413,
		'invalid_query',
		'body_too_large',
		"The request body is larger than this endpoint's maximum of 65536 bytes.",
		{
			...before,
			field: 'body',
			extras: { limit: 65536 }
		}
	),
	internal_error: failure(500, 'server_error', 'internal_error', 'The service failed to answer this request. Retry with backoff.'),

	// GET /v1/check and POST /v1/check/batch.
	check_invalid_input: failure(400, 'invalid_query', 'invalid_input', 'as_of is longer than 40 characters.', { field: 'as_of' }),
	not_a_valid_hostname: failure(
		400,
		'invalid_query',
		'not_a_valid_hostname',
		'Send a bare hostname such as example.com: no scheme, port, path, query, underscore or IP address.',
		{ field: 'domain' }
	),
	hostname_too_long: failure(400, 'invalid_query', 'hostname_too_long', 'The hostname is longer than 253 characters.', { field: 'domain' }),
	missing_required_parameter: failure(400, 'invalid_query', 'missing_required_parameter', 'Send exactly one of domain or license_number.', {
		extras: { suggestion: 'Add ?domain=example.com or ?license_number=<number>.' }
	}),
	conflicting_parameters: failure(400, 'invalid_query', 'conflicting_parameters', 'Send either domain or license_number, not both.'),
	checker_unavailable: failure(
		503,
		'service_unavailable',
		'checker_unavailable',
		'The verification service is temporarily unavailable. Retry shortly.',
		{ headers: ['Retry-After'] }
	),
	batch_invalid_input: failure(400, 'invalid_query', 'invalid_input', "The parameter 'domains' is missing or malformed.", {
		field: 'domains'
	}),
	method_not_allowed: failure(405, 'method_not_allowed', 'method_not_allowed', 'Method not allowed; use POST.', {
		...before,
		headers: ['Allow']
	}),

	// Lookup.
	invalid_jurisdiction_code: failure(400, 'invalid_jurisdiction_code', 'invalid_input', 'A jurisdiction code is 2–16 letters or digits.', {
		field: 'code'
	}),
	jurisdiction_not_found: failure(404, 'not_found', 'jurisdiction_not_found', 'No jurisdiction XX.', { field: 'code' }),
	jurisdiction_invalid_pagination: failure(400, 'invalid_pagination', 'invalid_input', 'limit must be an integer from 1 to 200.', {
		field: 'limit'
	}),
	search_invalid_input: failure(400, 'invalid_query', 'invalid_input', "The parameter 'q' is missing or malformed.", { field: 'q' }),
	search_invalid_pagination: failure(400, 'invalid_query', 'invalid_pagination', 'limit must be an integer from 1 to 100.', {
		field: 'limit'
	}),
	invalid_slug: slugInvalid(SLUG_LENGTH, 'slug'),
	as_of_invalid_input: failure(400, 'invalid_query', 'invalid_input', 'as_of is in the future.', { field: 'as_of' }),
	operator_not_found: failure(404, 'not_found', 'operator_not_found', 'No operator with slug example-gaming-ltd.', { field: 'slug' }),
	include_history_invalid_input: failure(
		400,
		'invalid_query',
		'invalid_input',
		"The parameter 'include_history' is missing or malformed.",
		{ field: 'include_history' }
	),
	actions_invalid_input: failure(400, 'invalid_query', 'invalid_input', "The parameter 'sort' is missing or malformed.", { field: 'sort' }),
	actions_invalid_pagination: failure(400, 'invalid_query', 'invalid_pagination', 'limit must be an integer from 1 to 100.', {
		field: 'limit'
	}),
	invalid_license_id: failure(400, 'invalid_license_id', 'invalid_input', 'license_id must be the licence UUID, not its number.', {
		field: 'license_id'
	}),
	license_not_found: failure(404, 'not_found', 'license_not_found', 'No licence with id 5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10.', {
		field: 'license_id'
	}),

	// Usage.
	usage_invalid_month: failure(
		400,
		'invalid_query',
		'invalid_month',
		'month must be a UTC month YYYY-MM from 12 months ago to the current month.',
		{
			field: 'month'
		}
	),

	// Watchlist.
	watchlist_invalid_pagination: failure(400, 'invalid_query', 'invalid_pagination', 'limit must be an integer from 1 to 200.', {
		field: 'limit'
	}),
	watchlist_body_invalid: failure(400, 'invalid_query', 'invalid_input', "The parameter 'operator_slug' is missing or malformed.", {
		field: 'operator_slug'
	}),
	watchlist_invalid_slug: slugInvalid(SLUG_LENGTH, 'operator_slug'),
	watchlist_quota_exceeded: failure(403, 'quota_exceeded', 'watchlist_quota_exceeded', 'The Starter plan watches at most 25 operators.', {
		extras: { current_usage: 25, limit: 25, plan_tier: 'starter', suggestion: 'Remove an operator or move to a larger plan.' }
	}),
	watchlist_operator_not_found: failure(404, 'not_found', 'operator_not_found', 'No operator with slug example-gaming-ltd.', {
		field: 'operator_slug'
	}),
	watchlist_duplicate: failure(409, 'invalid_query', 'watchlist_duplicate', 'example-gaming-ltd is already on the watchlist.', {
		field: 'operator_slug'
	}),
	delete_invalid_slug: slugInvalid('The slug must be 1–128 lowercase letters, digits or hyphens.', 'slug'),
	feed_conflicting_parameters: failure(
		400,
		'invalid_query',
		'conflicting_parameters',
		'Send `since` on the first call and `cursor` afterwards, never both.',
		{ field: 'cursor' }
	),
	invalid_cursor: failure(
		400,
		'invalid_query',
		'invalid_cursor',
		'The cursor cannot be decoded; pass next_cursor exactly as it was returned.',
		{
			field: 'cursor',
			extras: { suggestion: 'Start again with `since` (at most 30 days back).' }
		}
	),
	since_exceeds_retention_window: failure(
		400,
		'invalid_query',
		'since_exceeds_retention_window',
		'Events are kept 30 days; `since` must be at most 30 days back.',
		{
			field: 'since',
			extras: { suggestion: '2026-10-06T12:34:56.789Z' }
		}
	),
	feed_invalid_input: failure(400, 'invalid_query', 'invalid_input', '`limit` must be an integer from 1 to 500.', { field: 'limit' }),
	watchlist_events_poll_limit: failure(
		429,
		'rate_limited',
		'watchlist_events_poll_limit',
		'The Starter plan polls the events feed at most 10 times per hour.',
		{
			extras: {
				current_usage: 10,
				limit: 10,
				reset_at: '2026-11-05T13:00:00.000Z',
				plan_tier: 'starter',
				suggestion: 'Poll every X-Poll-Recommended-Interval seconds, or use a webhook endpoint.'
			},
			headers: POLL_HEADERS
		}
	),

	// Webhooks.
	invalid_url: failure(400, 'invalid_query', 'invalid_url', 'Webhook URL must be an absolute URL such as https://example.com/hooks.', {
		field: 'url'
	}),
	invalid_scheme: failure(400, 'invalid_query', 'invalid_scheme', 'Webhook URL scheme ftp is not accepted; use https (or http).', {
		field: 'url'
	}),
	empty_host: failure(400, 'invalid_query', 'empty_host', 'Webhook URL has no hostname.', { field: 'url' }),
	blocked_hostname: failure(
		400,
		'invalid_query',
		'blocked_hostname',
		'Webhook URL host intranet is not allowed: a single-label name is not a public hostname.',
		{ field: 'url' }
	),
	unresolvable_host: failure(400, 'invalid_query', 'unresolvable_host', 'Webhook URL host hooks.nowhere.example does not resolve.', {
		field: 'url'
	}),
	private_ip_blocked: failure(
		400,
		'invalid_query',
		'private_ip_blocked',
		'Webhook URL must reach a public address; hooks.example.com resolves to a non-public address.',
		{ field: 'url' }
	),
	invalid_event_type: failure(400, 'invalid_query', 'invalid_event_type', 'Unknown event name: license.created.', {
		field: 'events',
		extras: { valid_events: [...EVENT_NAMES] }
	}),
	webhook_invalid_input: failure(400, 'invalid_query', 'invalid_input', '`description` is at most 500 characters.', {
		field: 'description'
	}),
	webhook_quota_exceeded: failure(403, 'quota_exceeded', 'webhook_quota_exceeded', 'The Starter plan allows 2 active webhook endpoints.', {
		extras: { current_usage: 2, limit: 2, plan_tier: 'starter', suggestion: 'Deactivate or delete an endpoint, or move to a larger plan.' }
	}),
	webhook_not_found: failure(404, 'not_found', 'webhook_not_found', 'No webhook endpoint with this id on your account.', { field: 'id' }),
	deliveries_invalid_input: failure(
		400,
		'invalid_query',
		'invalid_input',
		'`status` is one of all, pending, delivered, failed, abandoned.',
		{ field: 'status' }
	),
	deliveries_invalid_pagination: failure(400, 'invalid_query', 'invalid_pagination', '`limit` must be an integer from 1 to 200.', {
		field: 'limit'
	}),
	no_active_secret: failure(409, 'invalid_query', 'no_active_secret', 'This endpoint has no unexpired signing secret.', {
		extras: { suggestion: 'Rotate the secret to issue a new one.' }
	}),
	delivery_not_found: failure(404, 'not_found', 'delivery_not_found', 'No delivery with this id for this webhook endpoint.', {
		field: 'delivery_id'
	}),
	endpoint_inactive: failure(
		409,
		'invalid_query',
		'endpoint_inactive',
		'This webhook endpoint is inactive, so nothing is delivered to it.',
		{
			extras: { suggestion: 'Activate the endpoint, then resend.' }
		}
	),
	delivery_in_progress: failure(
		409,
		'invalid_query',
		'delivery_in_progress',
		'This delivery is still being tried (pending or failed with a retry scheduled).',
		{ extras: { suggestion: 'Wait until it is delivered or abandoned, then resend it.' } }
	),
	event_expired: failure(409, 'invalid_query', 'event_expired', 'The event of this delivery is past the 30 days events are kept.', {
		extras: { suggestion: 'Replay what you missed from the events feed instead.' }
	}),
	event_withdrawn: failure(
		409,
		'invalid_query',
		'event_withdrawn',
		'The event of this delivery was withdrawn: the licence-history change it announced was recorded in error.',
		{ extras: { suggestion: 'Read the licence and its history for what stands; nothing of a withdrawn event is sent.' } }
	),

	// Export.
	as_of_not_supported: failure(400, 'invalid_query', 'as_of_not_supported', 'Exports are whole current datasets; as_of is not supported.', {
		field: 'as_of'
	}),
	export_invalid_input: failure(400, 'invalid_query', 'invalid_input', '`format` is csv or json.', { field: 'format' }),
	export_requires_pro: failure(402, 'payment_required', 'export_requires_pro', 'Bulk export is available on Pro and above.', {
		extras: { plan_tier: 'starter', required_plan: 'pro', suggestion: 'Upgrade to Pro to export whole datasets.' },
		headers: PRICING_HEADERS
	}),
	dataset_not_found: failure(404, 'not_found', 'dataset_not_found', 'Exportable datasets are licences, operators and domains.', {
		field: 'dataset'
	}),
	export_daily_limit_reached: failure(
		429,
		'rate_limited',
		'export_daily_limit_reached',
		'Your plan allows 10 exports per UTC day (API and dashboard together).',
		{
			extras: {
				current_usage: 10,
				limit: 10,
				reset_at: '2026-11-06T00:00:00.000Z',
				plan_tier: 'pro',
				suggestion: 'Retry after 00:00 UTC or upgrade the plan.'
			},
			headers: ['Retry-After', 'X-Upgrade-URL']
		}
	),
	dependency_unavailable: failure(
		503,
		'service_unavailable',
		'dependency_unavailable',
		'The verification service is temporarily unavailable. Retry shortly.',
		{ headers: ['Retry-After'] }
	),

	// Signed check records.
	evidence_api_key_missing: failure(
		401,
		'auth_required',
		'api_key_missing',
		'This endpoint needs an API key: send Authorization: Bearer <API_KEY>.',
		{
			...before,
			summary: 'auth_required / api_key_missing (evidence=true without a key)',
			headers: PRICING_HEADERS
		}
	),
	evidence_signing_unavailable: failure(
		503,
		'service_unavailable',
		'evidence_signing_unavailable',
		'Signed check records are not available on this deployment.',
		{
			headers: ['Retry-After']
		}
	),
	evidence_not_found: failure(
		404,
		'not_found',
		'evidence_not_found',
		'No retained evidence record ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P for this account.',
		{ field: 'id' }
	),
	snapshot_not_found: failure(
		404,
		'not_found',
		'snapshot_not_found',
		'No evidence record of this account names snapshot 9f2c…; a snapshot is served only to accounts holding a record that names it.',
		{ field: 'sha256' }
	),
	evidence_malformed: failure(
		400,
		'invalid_query',
		'evidence_malformed',
		'The evidence is not a compact JWS (three dot-separated parts).',
		{ field: 'jws' }
	),
	evidence_unknown_key: failure(400, 'invalid_query', 'evidence_unknown_key', 'No published key has kid 2025-01.', { field: 'jws' }),
	evidence_signature_invalid: failure(
		400,
		'invalid_query',
		'evidence_signature_invalid',
		'The signature does not match the record: it was altered or signed by another key.',
		{
			field: 'jws'
		}
	),
	evidence_not_canonical: failure(400, 'invalid_query', 'evidence_not_canonical', 'The signed payload is not in canonical JSON.', {
		field: 'jws'
	}),
	evidence_unsupported_version: failure(
		400,
		'invalid_query',
		'evidence_unsupported_version',
		'The record is not an evidence record of version 1.',
		{ field: 'jws' }
	),
	evidence_body_invalid: failure(400, 'invalid_query', 'invalid_input', 'The body must be { "jws": "<compact JWS>" }.', { field: 'jws' }),

	// GET /v1/health answers 503 with its own body, not the envelope.
	health_unavailable: {
		status: 503,
		summary: 'A backing store is unreachable',
		value: { status: 'unavailable', checks: { database: true, bus: false }, timestamp: '2026-11-05T12:34:56.789Z' },
		headers: [],
		stage: 'admitted'
	}
} satisfies Record<string, Outcome>

export type OutcomeId = keyof typeof OUTCOMES
