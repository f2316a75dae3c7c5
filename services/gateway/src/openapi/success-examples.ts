/**
 * Whole-body examples of each operation's success, keyed like OPERATIONS (`METHOD /path`). One
 * register state runs through them: Acme Gaming holds a UKGC and an MGA licence, it is read at
 * 2026-11-05 06:00 UTC, and the call is made at 12:34:56.789 UTC that day. Every value is checked
 * against the operation's own response schema (openapi tests).
 */
import { statusRecord } from '../status/status-record.ts'

export type SuccessExample = { name: string; summary: string; value: unknown; mediaType?: string }

const NOW = '2026-11-05T12:34:56.789Z'
const READ_UKGC = '2026-11-05T06:02:11.407Z'
const READ_MGA = '2026-11-04T05:48:30.112Z'
const ALL = ['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM']
const UKGC_REGISTER = 'https://www.gamblingcommission.gov.uk/public-register'
const MGA_REGISTER = 'https://www.mga.org.mt/support/online-gaming-support/licensee-register/'

const OPERATOR_ID = '0f3c6a2e-8d41-4b7a-9c55-3e2d1f0a9b87'
const UKGC_LICENCE_ID = '0b7c0f5e-3f2a-4c1e-9d55-2f1b8d7e6a01'
const MGA_LICENCE_ID = '7d2e9a14-5c3b-4f6e-8a1d-0c9b8e7f6a52'
const WEBHOOK_ID = '3f0c8a4e-2b8f-4a56-9d1e-1f2a3b4c5d6e'

const USAGE_KEY_ID = '5a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

/** A month of GET /v1/usage with one key making `calls` per day and `refused` per-second refusals on the last day, and two dashboard bulk-check calls. */
function usageMonth(month: string, calls: number[], refused: number) {
	const total = calls.reduce((sum, count) => sum + count, 0)
	const days = calls.map((count, index) => ({
		date: `${month}-${String(index + 1).padStart(2, '0')}`,
		calls: count,
		refusals: index === calls.length - 1 ? refused : 0
	}))
	return {
		month,
		calls: total,
		refusals: refused,
		days,
		keys: [
			{ kind: 'key', key_id: USAGE_KEY_ID, name: 'Production', prefix: 'lvk_4f2a…', revoked: false, calls: total - 2, refusals: refused },
			{ kind: 'dashboard', action: 'bulk_check', calls: 2, refusals: 0 }
		],
		refusals_by_reason: refused ? [{ reason: 'per_second_limit_exceeded', status: 429, count: refused }] : []
	}
}

const operator = {
	id: OPERATOR_ID,
	slug: 'acme-gaming',
	display_name: 'Acme Gaming',
	registered_name: 'Acme Gaming Ltd',
	country: 'GB',
	upstream_ids: { UKGC: '39028', MGA: 'C56789' },
	created_at: '2026-02-01T06:00:00.000Z',
	updated_at: READ_UKGC
}
const { created_at: _created, updated_at: _updated, ...operatorIdentity } = operator

const ukgcLicence = {
	id: UKGC_LICENCE_ID,
	license_number: '000-039028-R-319409-009',
	license_reference_is_ours: false,
	jurisdiction_code: 'UKGC',
	status: 'active',
	status_qualifier: null,
	upstream_status: 'Active',
	license_types: ['Remote'],
	license_type_raw: 'Remote',
	license_category: 'remote',
	issued_date: '2019-05-14',
	expiry_date: null,
	not_listed_since: null,
	last_verified_at: READ_UKGC,
	source_url: UKGC_REGISTER,
	status_source_url: UKGC_REGISTER,
	status_observed_at: READ_UKGC,
	last_listed_at: READ_UKGC,
	raw_data: { account_number: '39028', activities: ['Casino', 'Betting Remote'] }
}

const mgaLicence = {
	id: MGA_LICENCE_ID,
	license_number: 'MGA/B2C/412/2017',
	license_reference_is_ours: false,
	jurisdiction_code: 'MGA',
	status: 'suspended',
	status_qualifier: null,
	upstream_status: null,
	license_types: ['Type 1', 'B2C'],
	license_type_raw: 'Gaming Service Licence - Type 1',
	license_category: 'remote',
	issued_date: '2017-08-01',
	expiry_date: '2027-07-31',
	not_listed_since: null,
	last_verified_at: READ_MGA,
	source_url: MGA_REGISTER,
	status_source_url: 'https://www.mga.org.mt/regulatory-decisions/',
	status_observed_at: READ_MGA,
	last_listed_at: READ_MGA,
	raw_data: { licence_class: 'Type 1', company: 'Acme Gaming Ltd' }
}

const suspension = {
	id: 'a4c1e2f3-6b7d-4e8f-9a0b-1c2d3e4f5a6b',
	changed_at: '2026-10-14T05:51:02.330Z',
	previous_status: 'active',
	new_status: 'suspended',
	change_type: 'status_change',
	source_url: 'https://www.mga.org.mt/regulatory-decisions/',
	detected_by: 'mga-enforcement',
	note: 'The regulatory decisions page lists a suspension of the licence.',
	snapshot_sha256: 'c3ab8ff13720e8ad9047dd39466b3c8974e592c2fa383d4a3960714caef0c4f2',
	snapshot_fetched_at: '2026-10-14T05:50:58.004Z',
	corrected_at: null,
	correction_note: null
}

const firstSeen = {
	id: 'e1f2a3b4-c5d6-4e7f-8a9b-0c1d2e3f4a5b',
	changed_at: '2026-02-01T06:00:00.000Z',
	previous_status: null,
	new_status: 'active',
	change_type: 'created',
	source_url: MGA_REGISTER,
	detected_by: 'mga-register',
	note: 'First observed in the licensee register.',
	snapshot_sha256: null,
	snapshot_fetched_at: null,
	corrected_at: null,
	correction_note: null
}

const licenceMeta = (licence: { last_verified_at: string; status_source_url: string }, hint: string) => ({
	scraped_at: licence.last_verified_at,
	source_modified_at: null,
	source_url: licence.status_source_url,
	confidence_hint: hint
})

const ukgcRegister = { jurisdiction: 'UKGC', last_read_at: READ_UKGC, fresh: true, sla_hours: 24 }

const licensedMatch = {
	confidence: 'high',
	match_type: 'domain_exact',
	operator: 'Acme Gaming',
	operator_slug: 'acme-gaming',
	jurisdiction: 'UKGC',
	regulator_name: 'UK Gambling Commission',
	license_id: UKGC_LICENCE_ID,
	license_number: '000-039028-R-319409-009',
	license_reference_is_ours: false,
	status_source_url: UKGC_REGISTER,
	status_observed_at: READ_UKGC,
	status: 'active',
	expires_at: null,
	domain_association: 'direct',
	upstream_status: 'Active',
	status_qualifier: null,
	domain_status: 'active',
	matched_domain: 'acmebet.co.uk',
	domain_last_listed_at: READ_UKGC,
	verification_url: null,
	verification_page_status: null,
	verification_page_read_at: null
}

const licensedDetail =
	'The UK Gambling Commission register lists acmebet.co.uk under Acme Gaming, licence 000-039028-R-319409-009 (active); the listing was read at 2026-11-05T06:02:11.407Z. That register’s last read is within its 24-hour freshness target.'
const notFoundDetail = (host: string) =>
	`${host} is not listed in any of the covered registers (UKGC, MGA, CW, KH, AN, TGC, IOM). That is not a finding that it is unlicensed.`

const jurisdictions = [
	{
		code: 'UKGC',
		name: 'UK Gambling Commission',
		country_code: 'GB',
		website: 'https://www.gamblingcommission.gov.uk',
		currency: 'GBP',
		license_types: ['Remote', 'Non-Remote', 'Ancillary Remote', 'Ancillary']
	},
	{
		code: 'MGA',
		name: 'Malta Gaming Authority',
		country_code: 'MT',
		website: 'https://www.mga.org.mt',
		currency: 'EUR',
		license_types: ['Type 1', 'Type 2', 'Type 3', 'Type 4', 'B2B', 'B2C']
	},
	{
		code: 'CW',
		name: 'Curaçao Gaming Authority',
		country_code: 'CW',
		website: 'https://www.gamingcontrolcuracao.org',
		currency: 'ANG',
		license_types: ['B2C', 'B2B']
	},
	{
		code: 'KH',
		name: 'Kahnawà:ke Gaming Commission',
		country_code: 'CA',
		website: 'https://www.gamingcommission.ca',
		currency: 'CAD',
		license_types: ['Interactive Gaming Permit', 'CSPA']
	},
	{
		code: 'AN',
		name: 'Anjouan Offshore Finance Authority',
		country_code: 'KM',
		website: 'https://anjouangaming.com',
		currency: 'EUR',
		license_types: ['B2C', 'B2B', 'White Labeling']
	},
	{
		code: 'TGC',
		name: 'Tobique Gaming Commission',
		country_code: 'CA',
		website: 'https://tobiquegaming.com',
		currency: 'CAD',
		license_types: ['B2C', 'B2B']
	},
	{
		code: 'IOM',
		name: 'Isle of Man Gambling Supervision Commission',
		country_code: 'IM',
		website: 'https://www.gov.im/gambling',
		currency: 'GBP',
		license_types: ['Full', 'Network Services', 'Software Supply']
	}
]

const watchEntry = {
	id: OPERATOR_ID,
	slug: 'acme-gaming',
	display_name: 'Acme Gaming',
	country: 'GB',
	added_at: '2026-10-02T09:15:00.000Z',
	license_status: 'active',
	jurisdiction_code: 'UKGC'
}

const endpoint = {
	id: WEBHOOK_ID,
	url: 'https://hooks.example.com/licences',
	description: 'Compliance alerts',
	events: ['license.status_changed', 'license.expired', 'regulatory_action.added'],
	active: true,
	watchlist_only: true,
	created_at: '2026-10-02T09:20:00.000Z',
	last_delivered_at: '2026-10-14T06:00:03.512Z',
	last_delivery_status: 'success',
	failure_count: 0
}

const coverageOf = (read: string | null, age: number | null, sla: number, records: number, withDomain: number, normative: number) => ({
	last_successful_scrape: read,
	age_hours: age,
	fresh: age === null ? null : age < sla,
	sla_hours: sla,
	record_count: records,
	domain_coverage: {
		operators_with_domain: withDomain,
		normative_operators: normative,
		coverage_pct: normative === 0 ? null : Math.round((withDomain / normative) * 100),
		reason:
			'Share of operators holding a licence type able to cover a website (where the register is expected to disclose domains) that have at least one linked domain in this jurisdiction.'
	}
})

const EVIDENCE_ID = 'ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P'
const EVIDENCE_JWK = {
	kty: 'OKP',
	crv: 'Ed25519',
	x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
	kid: '2026-11',
	alg: 'EdDSA',
	use: 'sig'
} as const
const RETIRED_JWK = { ...EVIDENCE_JWK, x: 'uC1fA3n0Nq8bXbW0c3r9m2d6l3k8p1q4r5s6t7u8v9w', kid: '2026-05' }
const EVIDENCE_JWS = 'eyJhbGciOiJFZERTQSIsImtpZCI6IjIwMjYtMTEiLCJ0eXAiOiJsdi1ldmlkZW5jZStqd3MifQ.eyJ2ZXJzaW9uIjoxfQ.c2lnbmF0dXJl'
const evidenceRecord = {
	version: 1,
	id: EVIDENCE_ID,
	kind: 'check',
	checked_at: NOW,
	account_id: '5d1b2c3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
	checks: [
		{
			query: { domain: 'acmebet.co.uk' },
			verdict: 'licensed',
			verdict_detail: 'acmebet.co.uk is listed by the UK Gambling Commission for Acme Gaming Ltd, whose licence is active.',
			licence: {
				license_id: UKGC_LICENCE_ID,
				license_number: '000-039028-R-319409-009',
				operator: 'Acme Gaming',
				operator_slug: 'acme-gaming',
				jurisdiction: 'UKGC',
				regulator_name: 'UK Gambling Commission',
				status: 'active',
				status_source_url: UKGC_REGISTER,
				status_observed_at: READ_UKGC
			},
			domain_link: {
				matched_domain: 'acmebet.co.uk',
				domain_status: 'active',
				domain_association: 'direct',
				domain_last_listed_at: READ_UKGC
			}
		}
	],
	checked_jurisdictions: ALL,
	publications: [
		{
			jurisdiction: 'UKGC',
			publication: 'register',
			source_url: UKGC_REGISTER,
			read_at: READ_UKGC,
			sha256: '9f2c4e0a7b1d3f5e6a8c0b2d4f6e8a0c1b3d5f7e9a1c3b5d7f9e1a3c5b7d9f1e'
		}
	]
}

/** The status record as the route computes it, from two registers: UKGC fresh, MGA stale after failed reads. */
const statusExample = statusRecord(
	[
		{
			code: 'UKGC',
			name: 'UK Gambling Commission',
			sla_hours: 24,
			last_successful_read_at: new Date(READ_UKGC),
			licence_count: 2631,
			operator_count: 2204,
			domain_count: 5310
		},
		{
			code: 'MGA',
			name: 'Malta Gaming Authority',
			sla_hours: 48,
			last_successful_read_at: new Date('2026-11-03T05:48:30.112Z'),
			licence_count: 344,
			operator_count: 301,
			domain_count: 0
		}
	],
	[
		{ code: 'MGA', kind: 'read_failed', at: new Date('2026-11-04T06:00:02.000Z'), detail: 'http_status' },
		{ code: 'MGA', kind: 'read_failed', at: new Date('2026-11-05T06:00:01.000Z'), detail: 'http_status' },
		{ code: 'MGA', kind: 'coverage_degraded', at: new Date('2026-11-05T06:15:00.000Z'), detail: null },
		{ code: 'UKGC', kind: 'coverage_degraded', at: new Date('2026-10-21T07:15:00.000Z'), detail: null },
		{ code: 'UKGC', kind: 'coverage_restored', at: new Date('2026-10-21T09:02:40.000Z'), detail: null }
	],
	new Date(NOW),
	true
)

export const SUCCESS_EXAMPLES: Record<string, readonly SuccessExample[]> = {
	'GET /v1/health': [
		{ name: 'ok', summary: 'Both backing stores answer', value: { status: 'ok', checks: { database: true, bus: true }, timestamp: NOW } }
	],
	'GET /v1/status': [{ name: 'status', summary: 'One register stale after failed reads', value: statusExample }],
	'GET /v1/stats': [
		{
			name: 'stats',
			summary: 'Headline counts',
			value: {
				counted_at: '2026-11-05T12:30:00.000Z',
				licences_by_status: {
					counts: { active: 4120, expired: 388, not_in_register: 97, revoked: 41, surrendered: 212, suspended: 9, unknown: 3 },
					definition: 'Licence records held, by current status (every status, not only active).'
				},
				jurisdictions: {
					rows: [
						{ code: 'UKGC', licences: 2631, last_register_read_at: READ_UKGC, sla_hours: 24, fresh: true },
						{ code: 'MGA', licences: 344, last_register_read_at: READ_MGA, sla_hours: 48, fresh: true },
						{ code: 'IOM', licences: 0, last_register_read_at: null, sla_hours: 24, fresh: null }
					],
					definition:
						'Licence records per jurisdiction and the last successful read of its register; fresh while that read is younger than the SLA (24 or 48 hours).'
				},
				operators: { value: 3175, definition: 'Distinct operators (licence holders) across all registers.' },
				linked_domains: { value: 9842, definition: 'Domain links: a domain a register ties to an operator, in any link status.' },
				domains_with_regulator_verification: {
					value: 1260,
					definition:
						"Domain links that carry the regulator's own per-domain certificate or validation seal page (CW certificates, TGC seals)."
				},
				brand_pages: { value: 7311, definition: 'Distinct registrable domains (brand sites) among the linked domains.' },
				status_changes_last_30_days: {
					value: 57,
					definition: 'Licence status changes read in the last 30 days (first observations and withdrawn events excluded).'
				},
				withdrawn_events: { value: 2, definition: 'History events later withdrawn as wrong (kept, marked corrected_at, never quoted).' }
			}
		}
	],
	'GET /v1/check': [
		{
			name: 'licensed',
			summary: 'A domain listed on an active UKGC licence',
			value: {
				query: { domain: 'acmebet.co.uk', input: 'WWW.AcmeBet.co.uk.' },
				verdict: 'licensed',
				verdict_detail: licensedDetail,
				match: { ...licensedMatch, matched_domain: 'acmebet.co.uk' },
				alternatives: [],
				confidence: 'high',
				checked_jurisdictions: ALL,
				_meta: {
					scraped_at: READ_UKGC,
					source_modified_at: null,
					source_url: UKGC_REGISTER,
					confidence_hint: 'authoritative',
					register: ukgcRegister,
					stale_jurisdictions: []
				}
			}
		},
		{
			name: 'licence_not_active',
			summary: 'A licence-number query on a suspended MGA licence, with as_of',
			value: {
				query: { license_number: 'MGA/B2C/412/2017' },
				verdict: 'licence_not_active',
				verdict_detail:
					'On 2026-09-30 the MGA licence MGA/B2C/412/2017 of Acme Gaming was active. The Malta Gaming Authority now reports it suspended (read at 2026-11-04T05:48:30.112Z from its regulatory decisions page); a suspension is an enforcement decision.',
				match: {
					confidence: 'high',
					match_type: 'license_number',
					operator: 'Acme Gaming',
					operator_slug: 'acme-gaming',
					jurisdiction: 'MGA',
					regulator_name: 'Malta Gaming Authority',
					license_id: MGA_LICENCE_ID,
					license_number: 'MGA/B2C/412/2017',
					license_reference_is_ours: false,
					status_source_url: 'https://www.mga.org.mt/regulatory-decisions/',
					status_observed_at: READ_MGA,
					status: 'suspended',
					expires_at: '2027-07-31',
					domain_association: null,
					upstream_status: null,
					status_qualifier: null,
					domain_status: null,
					matched_domain: null,
					domain_last_listed_at: null,
					verification_url: null,
					verification_page_status: null,
					verification_page_read_at: null
				},
				alternatives: [],
				confidence: 'high',
				as_of: {
					resolved_at: '2026-09-30T23:59:59.999Z',
					basis: 'observed',
					status: 'active',
					transition: {
						id: firstSeen.id,
						changed_at: firstSeen.changed_at,
						previous_status: null,
						new_status: 'active',
						change_type: 'created',
						source_url: MGA_REGISTER
					},
					tracking_since: '2026-02-01T06:00:00.000Z'
				},
				checked_jurisdictions: ALL,
				_meta: {
					scraped_at: READ_MGA,
					source_modified_at: null,
					source_url: 'https://www.mga.org.mt/regulatory-decisions/',
					confidence_hint: 'scraped',
					register: { jurisdiction: 'MGA', last_read_at: READ_MGA, fresh: true, sla_hours: 48 },
					stale_jurisdictions: []
				}
			}
		},
		{
			name: 'not_found',
			summary: 'A domain none of the covered registers lists, one register stale',
			value: {
				query: { domain: 'spinpalace.example' },
				verdict: 'not_found',
				verdict_detail: `${notFoundDetail('spinpalace.example')} The Isle of Man register is past its 24-hour freshness target (last read 2026-11-03T05:10:00.000Z).`,
				match: null,
				alternatives: [],
				confidence: 'none',
				checked_jurisdictions: ALL,
				_meta: {
					scraped_at: null,
					source_modified_at: null,
					source_url: null,
					confidence_hint: 'derived',
					stale_jurisdictions: [{ jurisdiction: 'IOM', last_read_at: '2026-11-03T05:10:00.000Z', sla_hours: 24 }]
				}
			}
		}
	],
	'POST /v1/check/batch': [
		{
			name: 'mixed',
			summary: 'A licensed domain, an unknown one and an entry that is not a hostname',
			value: {
				results: [
					{
						query: { domain: 'acmebet.co.uk' },
						verdict: 'licensed',
						verdict_detail: licensedDetail,
						match: licensedMatch,
						confidence: 'high',
						_meta: { register: ukgcRegister }
					},
					{
						query: { domain: 'spinpalace.example' },
						verdict: 'not_found',
						verdict_detail: notFoundDetail('spinpalace.example'),
						match: null,
						confidence: 'none'
					},
					{
						query: { input: 'https://acmebet.co.uk/promo' },
						error: 'invalid_hostname',
						error_detail: 'Send a bare hostname such as example.com: no scheme, port, path, query, underscore or IP address.',
						match: null
					},
					{ query: { input: 42 }, error: 'invalid_input', error_detail: 'The entry is not a string.', match: null }
				],
				checked_jurisdictions: ALL,
				_meta: { checked_at: NOW, stale_jurisdictions: [] }
			}
		}
	],
	'GET /v1/jurisdictions': [{ name: 'all', summary: 'The seven registers read', value: { jurisdictions } }],
	'GET /v1/jurisdictions/{code}': [{ name: 'ukgc', summary: 'UK Gambling Commission', value: jurisdictions[0] }],
	'GET /v1/jurisdictions/{code}/operators': [
		{
			name: 'page',
			summary: 'First page of operators with an MGA licence record',
			value: { jurisdiction_code: 'MGA', total: 344, limit: 50, offset: 0, operators: [operator] }
		}
	],
	'GET /v1/operators/search': [
		{
			name: 'keyless',
			summary: 'Keyless search (at most 3 rows)',
			value: {
				q: 'acme',
				total: 1,
				limit: 3,
				offset: 0,
				operators: [
					{ ...operator, _meta: { scraped_at: READ_UKGC, source_modified_at: null, source_url: null, confidence_hint: 'scraped' } }
				],
				_meta: { freshness_range: { oldest: READ_UKGC, newest: READ_UKGC }, total_sources: 2 }
			}
		}
	],
	'GET /v1/operators/{slug}': [
		{
			name: 'operator',
			summary: 'Operator with two licences and one domain',
			value: {
				operator,
				licenses: [ukgcLicence, mgaLicence],
				domains: [
					{
						hostname: 'acmebet.co.uk',
						status: 'active',
						jurisdiction_code: 'UKGC',
						license_id: UKGC_LICENCE_ID,
						association: 'direct',
						verification_url: null,
						verification_page_status: null,
						verification_page_read_at: null,
						last_listed_at: READ_UKGC
					}
				],
				_meta: licenceMeta(ukgcLicence, 'authoritative')
			}
		}
	],
	'GET /v1/operators/{slug}/licenses': [
		{
			name: 'with_history',
			summary: 'include_history=true',
			value: {
				operator_slug: 'acme-gaming',
				licenses: [
					{ ...ukgcLicence, history: [] },
					{ ...mgaLicence, history: [suspension, firstSeen] }
				]
			}
		}
	],
	'GET /v1/operators/{slug}/regulatory-actions': [
		{
			name: 'one_fine',
			summary: 'One linked fine',
			value: {
				operator_slug: 'acme-gaming',
				total: 1,
				limit: 20,
				offset: 0,
				sort: 'date_desc',
				regulatory_actions: [
					{
						id: 'b9c8d7e6-f5a4-4b3c-8d2e-1f0a9b8c7d6e',
						jurisdiction_code: 'UKGC',
						action_type: 'fine',
						entity_name: 'Acme Gaming Ltd',
						amount_minor_units: 125000000,
						currency: 'GBP',
						decision_date: '2025-03-18',
						summary: 'Social responsibility and anti-money-laundering failures.',
						source_url: 'https://www.gamblingcommission.gov.uk/public-register/regulatory-action'
					}
				],
				_meta: {
					freshness_range: { oldest: '2026-03-01T06:00:00.000Z', newest: '2026-03-01T06:00:00.000Z' },
					total_sources: 1,
					note: 'Enforcement actions that the publications read link to this operator by name. An empty list means no action is linked, not a clean record: actions naming an entity that cannot be matched are not linked, and only UKGC, MGA and CW enforcement publications are read.',
					sources_read: [
						{
							jurisdiction_code: 'UKGC',
							source_url: 'https://www.gamblingcommission.gov.uk/public-register/regulatory-action',
							last_read_at: READ_UKGC
						},
						{ jurisdiction_code: 'MGA', source_url: 'https://www.mga.org.mt/regulatory-decisions/', last_read_at: READ_MGA },
						{ jurisdiction_code: 'CW', source_url: null, last_read_at: null }
					]
				}
			}
		}
	],
	'GET /v1/licenses/{license_id}': [
		{ name: 'licence', summary: 'An active UKGC licence', value: { ...ukgcLicence, _meta: licenceMeta(ukgcLicence, 'authoritative') } }
	],
	'GET /v1/licenses/{license_id}/history': [
		{
			name: 'history',
			summary: 'Suspended after first being observed active',
			value: {
				license_id: MGA_LICENCE_ID,
				license_number: 'MGA/B2C/412/2017',
				history: [suspension, firstSeen],
				_meta: { freshness_range: { oldest: firstSeen.changed_at, newest: suspension.changed_at }, total_sources: 2 }
			}
		}
	],
	'GET /v1/health/coverage': [
		{
			name: 'degraded',
			summary: 'One register past its SLA',
			value: {
				status: 'degraded',
				overall_freshness_sla: '24 hours for UKGC, AN, TGC and IOM; 48 hours for MGA, CW and KH',
				jurisdictions: {
					UKGC: coverageOf(READ_UKGC, 6, 24, 2631, 1830, 2104),
					MGA: coverageOf(READ_MGA, 30, 48, 344, 201, 290),
					IOM: coverageOf('2026-11-03T05:10:00.000Z', 55, 24, 61, 0, 0)
				},
				timestamp: NOW
			}
		}
	],
	'GET /v1/usage': [
		{
			name: 'usage',
			summary: 'Five days of November and all of October on Pro',
			value: {
				generated_at: NOW,
				plan_tier: 'pro',
				quota: { limit: 100_000, used: 1_843, remaining: 98_157, resets_at: '2026-12-01T00:00:00.000Z' },
				months: [usageMonth('2026-11', [412, 380, 455, 401, 195], 3), usageMonth('2026-10', Array(31).fill(350), 0)]
			}
		}
	],
	'GET /v1/watchlist': [
		{ name: 'summary', summary: 'One operator watched on Starter', value: { count: 1, limit: 25, operators: [watchEntry] } }
	],
	'GET /v1/watchlist/operators': [
		{ name: 'page', summary: 'First page', value: { total: 1, limit: 50, offset: 0, operators: [watchEntry] } }
	],
	'POST /v1/watchlist/operators': [{ name: 'added', summary: 'The new entry', value: watchEntry }],
	'GET /v1/watchlist/events': [
		{
			name: 'page',
			summary: 'One status change, nothing more right now',
			value: {
				events: [
					{
						event: 'license.status_changed',
						event_id: 'evt_01JB8Z3K4M5N6P7Q8R9S0T1V2W',
						api_version: '2026-04-20',
						timestamp: '2026-10-14T05:51:04.020Z',
						livemode: true,
						data: {
							license_id: MGA_LICENCE_ID,
							license_number: 'MGA/B2C/412/2017',
							operator_id: OPERATOR_ID,
							operator_slug: 'acme-gaming',
							jurisdiction_code: 'MGA',
							previous_status: 'active',
							new_status: 'suspended',
							changed_at: suspension.changed_at,
							source_url: suspension.source_url
						}
					}
				],
				next_cursor: 'eyJ2IjoxLCJzIjo4ODIxLCJmIjpudWxsfQ',
				has_more: false
			}
		}
	],
	'POST /v1/webhooks': [
		{
			name: 'created',
			summary: 'The endpoint and its secret, shown once',
			value: { ...endpoint, last_delivered_at: null, last_delivery_status: null, secret: 'whsec_4fQ9xT2mLr8vNc1KpZs7Wd3HyBe6Ju0A' }
		}
	],
	'GET /v1/webhooks': [{ name: 'list', summary: 'One endpoint', value: { endpoints: [endpoint] } }],
	'PATCH /v1/webhooks/{id}': [{ name: 'updated', summary: 'Deactivated', value: { ...endpoint, active: false } }],
	'POST /v1/webhooks/{id}/rotate_secret': [
		{
			name: 'rotated',
			summary: 'New secret; the previous one signs for 7 more days',
			value: { secret: 'whsec_9Lk2Vb7Qx4Rt1Mn8Pz5Wc3Gh6Jd0Fs2Ya', previous_secret_expires_at: '2026-11-12T12:34:56.789Z' }
		}
	],
	'GET /v1/webhooks/{id}/deliveries': [
		{
			name: 'deliveries',
			summary: 'One retrying, one not sent again because its event was withdrawn, one delivered',
			value: {
				deliveries: [
					{
						id: 'c0d1e2f3-a4b5-4c6d-8e7f-9a0b1c2d3e4f',
						event_id: 'evt_01JC2A7B8C9D0E1F2G3H4J5K6M',
						event_type: 'regulatory_action.added',
						attempt_count: 2,
						last_attempt_at: '2026-11-05T12:02:30.000Z',
						next_retry_at: '2026-11-05T12:12:30.000Z',
						status: 'failed',
						abandoned_reason: null,
						last_response_status: 502,
						created_at: '2026-11-05T12:02:00.000Z',
						delivered_at: null
					},
					{
						id: 'e2f3a4b5-c6d7-4e8f-9a0b-1c2d3e4f5a6b',
						event_id: 'evt_01JBX4D5E6F7G8H9J0K1M2N3P4',
						event_type: 'license.status_changed',
						attempt_count: 1,
						last_attempt_at: '2026-11-02T06:00:04.000Z',
						next_retry_at: '2026-11-02T06:00:34.000Z',
						status: 'abandoned',
						abandoned_reason: 'event_withdrawn',
						last_response_status: 503,
						created_at: '2026-11-02T06:00:03.000Z',
						delivered_at: null
					},
					{
						id: 'd1e2f3a4-b5c6-4d7e-8f9a-0b1c2d3e4f5a',
						event_id: 'evt_01JB8Z3K4M5N6P7Q8R9S0T1V2W',
						event_type: 'license.status_changed',
						attempt_count: 1,
						last_attempt_at: '2026-10-14T06:00:03.512Z',
						next_retry_at: '2026-10-14T06:00:03.000Z',
						status: 'delivered',
						abandoned_reason: null,
						last_response_status: 200,
						created_at: '2026-10-14T06:00:03.000Z',
						delivered_at: '2026-10-14T06:00:03.512Z'
					}
				]
			}
		}
	],
	'POST /v1/webhooks/{id}/test': [
		{
			name: 'delivered',
			summary: 'The receiver answered 200',
			value: { delivered: true, http_status: 200, response_body: 'ok', latency_ms: 184, error: null }
		},
		{
			name: 'refused',
			summary: 'The receiver answered 401',
			value: { delivered: false, http_status: 401, response_body: '{"error":"bad signature"}', latency_ms: 97, error: null }
		}
	],
	'POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend': [
		{
			name: 'queued',
			summary: 'The event queued again as a new delivery',
			value: {
				id: '5b1d9c3e-7a2f-4e6b-8c0d-2f4a6b8c0d1e',
				event_id: 'evt_01JC8ZJ7Q4M2V9T6R3N5K8H1WX',
				event_type: 'license.status_changed',
				attempt_count: 0,
				last_attempt_at: null,
				next_retry_at: '2026-11-24T09:12:00.000Z',
				status: 'pending',
				abandoned_reason: null,
				last_response_status: null,
				created_at: '2026-11-24T09:12:00.000Z',
				delivered_at: null
			}
		}
	],
	'GET /v1/export/{dataset}': [
		{
			name: 'csv',
			summary: 'licences as CSV (first lines)',
			mediaType: 'text/csv',
			value:
				'id,license_number,license_reference_is_ours,jurisdiction_code,operator_id,operator_slug,operator_name,status,status_qualifier,upstream_status,license_types,license_type_raw,license_category,issued_date,expiry_date,not_listed_since,last_listed_at,last_verified_at,source_url,status_source_url,status_observed_at,status_changed_at,snapshot_sha256,snapshot_fetched_at,confidence_hint\r\n' +
				`${UKGC_LICENCE_ID},000-039028-R-319409-009,false,UKGC,${OPERATOR_ID},acme-gaming,Acme Gaming,active,,Active,Remote,Remote,remote,2019-05-14,,,${READ_UKGC},${READ_UKGC},${UKGC_REGISTER},${UKGC_REGISTER},${READ_UKGC},2026-02-01T06:00:00.000Z,,,authoritative\r\n`
		},
		{
			name: 'ndjson',
			summary: 'operators as NDJSON (format=json, first line)',
			mediaType: 'application/x-ndjson',
			value: `${JSON.stringify({
				...operatorIdentity,
				jurisdictions: ['MGA', 'UKGC'],
				license_count: 2,
				active_license_count: 1,
				license_statuses: ['active', 'suspended'],
				created_at: operator.created_at,
				updated_at: operator.updated_at,
				provenance_license_id: UKGC_LICENCE_ID,
				source_url: UKGC_REGISTER,
				status_source_url: UKGC_REGISTER,
				status_observed_at: READ_UKGC,
				last_verified_at: READ_UKGC
			})}\n`
		}
	],
	'GET /llms.txt': [
		{
			name: 'start',
			summary: 'The opening lines (served as text/markdown)',
			mediaType: 'text/plain',
			value: '# Licence Register Verification API\n\n> HTTP JSON API over the public licence registers of seven gambling regulators…\n'
		}
	],
	'GET /.well-known/jwks.json': [
		{ name: 'keys', summary: 'The current key and one retired key', value: { keys: [EVIDENCE_JWK, RETIRED_JWK] } }
	],
	'GET /v1/evidence/{id}': [
		{
			name: 'record',
			summary: 'A single check with its record',
			value: {
				id: EVIDENCE_ID,
				kind: 'check',
				kid: EVIDENCE_JWK.kid,
				jws: EVIDENCE_JWS,
				record: evidenceRecord,
				created_at: NOW,
				expires_at: '2031-11-04T12:34:56.789Z'
			}
		}
	],
	'GET /v1/snapshots/{sha256}': [
		{
			name: 'bytes',
			summary: 'The register file as read (here CSV)',
			value: 'Account Number,Licence Number,Status\r\n39028,000-039028-R-319409-009,Active\r\n'
		}
	],
	'POST /v1/evidence/verify': [
		{
			name: 'valid',
			summary: 'The record verifies against the published keys',
			value: { valid: true, kid: EVIDENCE_JWK.kid, record: evidenceRecord }
		}
	]
}
