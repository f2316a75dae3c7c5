import type { TSchema } from 'elysia'
import { BatchBody } from '../models/check.ts'
import { AddOperatorBody } from '../models/watchlist.ts'
import { CreateWebhookBody, UpdateWebhookBody } from '../models/webhooks.ts'
import type { HeaderName } from './header-catalog.ts'
import type { OutcomeId } from './outcomes.ts'

/** How an operation takes keys, read from its `security` (src/auth/caller.ts AuthMode). */
export type AuthMode = 'none' | 'optional' | 'required'

/** Headers of a success besides the key and limit ones: `always` on every such answer, `sometimes` on some. */
export type HeaderGroup = { always: readonly HeaderName[]; sometimes?: readonly HeaderName[] }

export type OperationSpec = {
	/** Outcomes besides the ones every operation of its auth mode has (AUTH_OUTCOMES). */
	outcomes: readonly OutcomeId[]
	success?: HeaderGroup
	/** Documented statuses no request can produce today (reported; they get headers but no example). */
	notProduced?: readonly number[]
	/** The 204 of an operation whose route cannot document an empty success itself. */
	noContent?: string
	/** The JSON body of a route that parses its own (size cap), which hides its schema from the generator. */
	jsonBody?: TSchema
}

/** What keys, plans and limits add to every operation of an auth mode. */
export const AUTH_OUTCOMES: Record<AuthMode, readonly OutcomeId[]> = {
	none: ['internal_error'],
	optional: [
		'malformed_header',
		'api_key_invalid',
		'key_lookup_limit_exceeded',
		'api_key_revoked',
		'plan_inactive',
		'keyless_quota_exceeded',
		'per_second_limit_exceeded',
		'monthly_request_limit_reached',
		'prelaunch_daily_cap',
		'internal_error',
		'limits_store_unavailable',
		'dependency_unavailable'
	],
	required: [
		'api_key_missing',
		'malformed_header',
		'api_key_invalid',
		'key_lookup_limit_exceeded',
		'api_key_revoked',
		'plan_inactive',
		'endpoint_requires_paid_plan',
		'per_second_limit_exceeded',
		'monthly_request_limit_reached',
		'internal_error',
		'limits_store_unavailable',
		'dependency_unavailable'
	]
}

const POLL_SUCCESS: HeaderGroup = {
	always: ['X-Poll-RateLimit-Limit', 'X-Poll-RateLimit-Reset', 'X-Poll-RateLimit-Window', 'X-Poll-Recommended-Interval'],
	sometimes: ['X-Poll-RateLimit-Remaining']
}
const EXPORT_FILE: HeaderGroup = {
	always: ['Content-Disposition', 'X-Export-Bytes', 'ETag', 'Last-Modified', 'X-Export-Rows', 'X-Export-Data-Version', 'Cache-Control'],
	sometimes: ['Content-Length']
}
const SNAPSHOT_BYTES: HeaderGroup = { always: ['X-Snapshot-Sha256', 'X-Snapshot-Read-At', 'X-Snapshot-First-Fetched-At'] }
const URL_POLICY: readonly OutcomeId[] = [
	'invalid_url',
	'invalid_scheme',
	'empty_host',
	'blocked_hostname',
	'unresolvable_host',
	'private_ip_blocked'
]

/** Keyed by `METHOD /path` as the document writes it. Every documented operation has an entry (openapi tests). */
export const OPERATIONS: Record<string, OperationSpec> = {
	'GET /v1/health': { outcomes: ['health_unavailable'] },
	'GET /v1/stats': { outcomes: ['dependency_unavailable'] },
	'GET /v1/status': { outcomes: ['dependency_unavailable'], success: { always: ['Cache-Control'] } },
	'GET /v1/check': {
		outcomes: [
			'check_invalid_input',
			'not_a_valid_hostname',
			'hostname_too_long',
			'missing_required_parameter',
			'conflicting_parameters',
			'evidence_api_key_missing',
			'checker_unavailable',
			'evidence_signing_unavailable'
		]
	},
	'POST /v1/check/batch': {
		jsonBody: BatchBody,
		outcomes: ['batch_invalid_input', 'method_not_allowed', 'body_too_large', 'checker_unavailable', 'evidence_signing_unavailable']
	},
	'GET /.well-known/jwks.json': { outcomes: [] },
	'GET /llms.txt': { outcomes: [] },
	'GET /v1/evidence/{id}': { outcomes: ['evidence_not_found'], notProduced: [400] },
	'GET /v1/snapshots/{sha256}': { outcomes: ['snapshot_not_found'], notProduced: [400], success: SNAPSHOT_BYTES },
	'POST /v1/evidence/verify': {
		outcomes: [
			'evidence_body_invalid',
			'evidence_malformed',
			'evidence_unknown_key',
			'evidence_signature_invalid',
			'evidence_not_canonical',
			'evidence_unsupported_version'
		]
	},
	'GET /v1/jurisdictions': { outcomes: [], notProduced: [400] },
	'GET /v1/jurisdictions/{code}': { outcomes: ['invalid_jurisdiction_code', 'jurisdiction_not_found'] },
	'GET /v1/jurisdictions/{code}/operators': {
		outcomes: ['invalid_jurisdiction_code', 'jurisdiction_invalid_pagination', 'jurisdiction_not_found']
	},
	'GET /v1/operators/search': { outcomes: ['search_invalid_input', 'search_invalid_pagination'] },
	'GET /v1/operators/{slug}': { outcomes: ['invalid_slug', 'as_of_invalid_input', 'operator_not_found'] },
	'GET /v1/operators/{slug}/licenses': {
		outcomes: ['invalid_slug', 'include_history_invalid_input', 'as_of_invalid_input', 'operator_not_found']
	},
	'GET /v1/operators/{slug}/regulatory-actions': {
		outcomes: ['invalid_slug', 'actions_invalid_pagination', 'actions_invalid_input', 'operator_not_found']
	},
	'GET /v1/licenses/{license_id}': { outcomes: ['invalid_license_id', 'as_of_invalid_input', 'license_not_found'] },
	'GET /v1/licenses/{license_id}/history': { outcomes: ['invalid_license_id', 'license_not_found'] },
	'GET /v1/health/coverage': { outcomes: [], notProduced: [400] },
	'GET /v1/watchlist': { outcomes: [], notProduced: [400] },
	'GET /v1/usage': { outcomes: ['usage_invalid_month'] },
	'GET /v1/watchlist/operators': { outcomes: ['watchlist_invalid_pagination'] },
	'POST /v1/watchlist/operators': {
		jsonBody: AddOperatorBody,
		outcomes: [
			'watchlist_body_invalid',
			'watchlist_invalid_slug',
			'watchlist_quota_exceeded',
			'watchlist_operator_not_found',
			'watchlist_duplicate',
			'body_too_large'
		]
	},
	'DELETE /v1/watchlist/operators/{slug}': { outcomes: ['delete_invalid_slug'], noContent: 'Removed, or was not listed.' },
	'GET /v1/watchlist/events': {
		outcomes: [
			'feed_conflicting_parameters',
			'invalid_cursor',
			'since_exceeds_retention_window',
			'feed_invalid_input',
			'watchlist_events_poll_limit'
		],
		success: POLL_SUCCESS
	},
	'POST /v1/webhooks': {
		jsonBody: CreateWebhookBody,
		outcomes: [...URL_POLICY, 'invalid_event_type', 'webhook_invalid_input', 'webhook_quota_exceeded', 'body_too_large']
	},
	'GET /v1/webhooks': { outcomes: [], notProduced: [400] },
	'PATCH /v1/webhooks/{id}': {
		jsonBody: UpdateWebhookBody,
		outcomes: [
			...URL_POLICY,
			'invalid_event_type',
			'webhook_invalid_input',
			'webhook_quota_exceeded',
			'webhook_not_found',
			'body_too_large'
		]
	},
	'DELETE /v1/webhooks/{id}': {
		outcomes: ['webhook_not_found'],
		notProduced: [400],
		noContent: 'Deleted with its secrets and deliveries.'
	},
	'POST /v1/webhooks/{id}/rotate_secret': { outcomes: ['webhook_not_found'], notProduced: [400] },
	'GET /v1/webhooks/{id}/deliveries': { outcomes: ['deliveries_invalid_input', 'deliveries_invalid_pagination', 'webhook_not_found'] },
	'POST /v1/webhooks/{id}/test': { outcomes: ['webhook_not_found', 'no_active_secret'], notProduced: [400] },
	'POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend': {
		outcomes: ['webhook_not_found', 'delivery_not_found', 'endpoint_inactive', 'delivery_in_progress', 'event_expired', 'event_withdrawn'],
		notProduced: [400]
	},
	'GET /v1/export/{dataset}': {
		outcomes: [
			'as_of_not_supported',
			'export_invalid_input',
			'export_requires_pro',
			'dataset_not_found',
			'export_daily_limit_reached',
			'dependency_unavailable'
		],
		success: EXPORT_FILE
	}
}
