import { t } from 'elysia'
import { MAX_AS_OF_LENGTH, MAX_BATCH_DOMAINS, MAX_LICENSE_NUMBER_LENGTH } from '@lv/contracts'
import { DOMAIN_ASSOCIATIONS, LICENCE_STATUSES, LINK_STATUSES, VERDICTS } from '@lv/verdict'

/**
 * Schemas of GET /v1/check and POST /v1/check/batch as @lv/verdict produces them. The names SPEC
 * leaves open ("not shown") are decided here and in packages/verdict/src/result.ts together:
 * the as_of fields `resolved_at` and `basis`; `alternatives[]`, `jurisdictions[]`, `related_hosts[]`
 * element shapes; batch `results[]` and the per-row error field `error`.
 */
const nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T) => t.Union([schema, t.Null()])
const timestamp = (description: string) => t.String({ format: 'date-time', description })
const Strict = { additionalProperties: false } as const

const MATCH_TYPES = ['domain_exact', 'related_host', 'license_number', 'trading_name_fuzzy', 'name_similarity'] as const

const literals = <T extends readonly string[]>(values: T, description?: string) =>
	t.Union(
		values.map((value) => t.Literal(value)),
		description === undefined ? {} : { description }
	)

export const VerdictModel = literals(
	VERDICTS,
	'Branch on this. Automatic approval only on `licensed` (and `licensed_provisional` if policy accepts it).'
)
const LicenceStatusModel = literals(LICENCE_STATUSES)
const LinkStatusModel = literals(LINK_STATUSES)
const MatchTypeModel = literals(MATCH_TYPES)
const MatchConfidenceModel = literals(['high', 'medium', 'low'] as const)
const ConfidenceModel = literals(['high', 'medium', 'low', 'none'] as const, '`none` when nothing matched.')
const QualifierModel = nullable(t.Literal('provisional_under_assessment'))
const AssociationModel = nullable(literals(DOMAIN_ASSOCIATIONS))

export const MatchModel = t.Object(
	{
		confidence: MatchConfidenceModel,
		match_type: MatchTypeModel,
		operator: t.String(),
		operator_slug: t.String(),
		jurisdiction: nullable(t.String()),
		regulator_name: nullable(t.String()),
		license_id: nullable(t.String({ format: 'uuid' })),
		license_number: nullable(
			t.String({ description: "As the register prints it, or the service's own reference for KH/TGC/IOM (never the regulator's number)." })
		),
		license_reference_is_ours: t.Boolean(),
		status_source_url: nullable(t.String({ format: 'uri' })),
		status_observed_at: nullable(timestamp('Latest read of status_source_url that still said this status.')),
		status: nullable(LicenceStatusModel),
		expires_at: nullable(t.String({ format: 'date' })),
		domain_association: AssociationModel,
		upstream_status: nullable(t.String({ description: "The regulator's words verbatim." })),
		status_qualifier: QualifierModel,
		domain_status: nullable(LinkStatusModel),
		matched_domain: nullable(t.String()),
		domain_last_listed_at: nullable(timestamp('Present while domain_status is active.')),
		verification_url: nullable(t.String({ format: 'uri' })),
		verification_page_status: nullable(t.String()),
		verification_page_read_at: nullable(timestamp('When the verification page was read.'))
	},
	{ ...Strict, description: 'What the answer rests on; null when nothing matched.' }
)

export const AlternativeModel = t.Object(
	{
		match_type: MatchTypeModel,
		confidence: MatchConfidenceModel,
		operator: t.String(),
		operator_slug: t.String(),
		jurisdiction: nullable(t.String()),
		license_id: nullable(t.String({ format: 'uuid' })),
		license_number: nullable(t.String()),
		license_reference_is_ours: t.Boolean(),
		status: nullable(LicenceStatusModel),
		status_qualifier: QualifierModel,
		matched_name: nullable(t.String({ description: 'The trading or legal name that resembled the query (name matches), else null.' }))
	},
	{ ...Strict, description: 'Another candidate that was not chosen as `match`.' }
)

export const DomainListingModel = t.Object(
	{
		jurisdiction: t.String(),
		regulator_name: t.String(),
		operator: t.String(),
		operator_slug: t.String(),
		license_id: nullable(t.String({ format: 'uuid' })),
		license_number: nullable(t.String()),
		license_reference_is_ours: t.Boolean(),
		status: nullable(LicenceStatusModel),
		status_qualifier: QualifierModel,
		matched_domain: t.String(),
		domain_status: LinkStatusModel,
		domain_association: AssociationModel,
		verdict: VerdictModel,
		primary: t.Boolean({ description: 'True for the listing described by `match`.' })
	},
	{ ...Strict, description: 'One register listing of a domain listed by more than one register or operator (dual-licensed).' }
)

export const RelatedHostModel = t.Object(
	{ hostname: t.String(), link_status: LinkStatusModel, jurisdiction: t.String(), operator_slug: t.String() },
	{ ...Strict, description: 'Another stored host on the queried host’s registrable domain (public suffix list, private section included).' }
)

export const RegisterMetaModel = t.Object(
	{ jurisdiction: t.String(), last_read_at: nullable(t.String({ format: 'date-time' })), fresh: t.Boolean(), sla_hours: t.Integer() },
	Strict
)

export const StaleJurisdictionModel = t.Object(
	{ jurisdiction: t.String(), last_read_at: nullable(t.String({ format: 'date-time' })), sla_hours: t.Integer() },
	{ ...Strict, description: 'A covered register past its freshness SLA.' }
)

export const AsOfModel = t.Object(
	{
		resolved_at: timestamp('The UTC instant the `as_of` input resolved to (a bare date is the end of that day UTC; today is now).'),
		basis: literals(['observed', 'corrected', 'before_tracking', 'no_such_license', 'no_license_resolved'] as const),
		status: nullable(LicenceStatusModel),
		transition: nullable(
			t.Object(
				{
					id: t.String({ format: 'uuid' }),
					changed_at: t.String({ format: 'date-time' }),
					previous_status: nullable(LicenceStatusModel),
					new_status: LicenceStatusModel,
					change_type: literals(['created', 'status_change', 'renewed', 'revoked', 'data_update'] as const),
					source_url: t.String()
				},
				{ ...Strict, description: 'The history event in effect at resolved_at; null unless basis is observed.' }
			)
		),
		correction: t.Optional(
			t.Object(
				{
					event_id: t.String({ format: 'uuid' }),
					withdrawn_status: t.Union([LicenceStatusModel], {
						description: 'What the withdrawn event recorded. Never quote it as the status.'
					}),
					corrected_at: t.String({ format: 'date-time' }),
					correction_note: nullable(t.String())
				},
				{ ...Strict, description: 'Present only when the event in effect was later withdrawn (basis corrected).' }
			)
		),
		tracking_since: nullable(timestamp('Lower bound of knowledge: when the licence was first observed.'))
	},
	{
		...Strict,
		description: 'Historical answer; present only with `?as_of=`. `verdict` and `match.status` stay current.',
		examples: [
			{
				resolved_at: '2026-05-01T23:59:59.999Z',
				basis: 'observed',
				status: 'active',
				transition: {
					id: '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b',
					changed_at: '2026-02-01T00:00:00.000Z',
					previous_status: null,
					new_status: 'active',
					change_type: 'created',
					source_url: 'https://www.gamblingcommission.gov.uk/public-register'
				},
				tracking_since: '2026-02-01T00:00:00.000Z'
			},
			{
				resolved_at: '2026-04-02T10:00:00.000Z',
				basis: 'corrected',
				status: null,
				transition: null,
				correction: {
					event_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
					withdrawn_status: 'suspended',
					corrected_at: '2026-04-03T00:00:00.000Z',
					correction_note: 'Misread of the enforcement page'
				},
				tracking_since: '2026-01-10T00:00:00.000Z'
			}
		]
	}
)

export const EvidenceReferenceModel = t.Object(
	{
		id: t.String({ description: 'The record id (`ev_` + ULID).', examples: ['ev_01JD8X3Q4Z5Y6W7V8T9S0R1Q2P'] }),
		jws: t.String({ description: 'Compact JWS (EdDSA/Ed25519) whose payload is the canonical JSON of the record.' }),
		kid: t.String({ description: 'The signing key, published at `/.well-known/jwks.json` for as long as records it signed are retained.' }),
		url: t.String({ format: 'uri', description: '`GET` returns the record again (keyed, this account).' }),
		pdf_url: t.String({ format: 'uri', description: 'A printable report of the record.' }),
		jwks_url: t.String({ format: 'uri' }),
		expires_at: timestamp('Until when the record is retained (five years).')
	},
	{ ...Strict, description: 'Present only with `evidence=true`: the signed check record.' }
)

export const CheckMetaModel = t.Object(
	{
		scraped_at: nullable(t.String({ format: 'date-time' })),
		source_modified_at: t.Null(),
		source_url: nullable(t.String()),
		confidence_hint: literals(['authoritative', 'scraped', 'derived'] as const),
		register: t.Optional(RegisterMetaModel),
		stale_jurisdictions: t.Array(StaleJurisdictionModel)
	},
	Strict
)

const CheckQueryModel = t.Union([
	t.Object(
		{
			domain: t.String({ description: 'The normalised hostname looked up.' }),
			input: t.Optional(t.String({ description: 'The entry as sent, when it differs from domain.' }))
		},
		Strict
	),
	t.Object({ license_number: t.String() }, Strict)
])

const MatchAbsenceModel = literals(['generic_term', 'shared_registrable'] as const)

export const CheckResultModel = t.Object(
	{
		query: CheckQueryModel,
		verdict: VerdictModel,
		verdict_detail: t.String({ description: 'Plain English, safe to quote. Wording may change; do not parse it.' }),
		match: nullable(MatchModel),
		alternatives: t.Array(AlternativeModel),
		confidence: ConfidenceModel,
		match_absence_reason: t.Optional(MatchAbsenceModel),
		related_hosts: t.Optional(t.Array(RelatedHostModel)),
		jurisdictions: t.Optional(t.Array(DomainListingModel, { description: 'Every listing of a dual-licensed domain.' })),
		as_of: t.Optional(AsOfModel),
		superseded_number: t.Optional(t.String({ description: 'The earlier UKGC number sent, which resolved to the version now listed.' })),
		checked_jurisdictions: t.Array(t.String()),
		_meta: CheckMetaModel,
		evidence: t.Optional(EvidenceReferenceModel)
	},
	{ ...Strict, description: 'The Check result.' }
)

const EvidenceFlag = t.Optional(
	t.Union([t.Literal('true'), t.Literal('false')], {
		description: '`true` adds a signed check record (`evidence`); needs a key.',
		examples: ['true']
	})
)

export const EvidenceQueryParams = t.Object({ evidence: EvidenceFlag })

export const CheckQueryParams = t.Object({
	evidence: EvidenceFlag,
	// No maxLength here: SPEC answers an over-long domain with hostname_too_long, not a schema error.
	domain: t.Optional(
		t.String({
			description: 'Bare hostname, at most 253 characters. Exactly one of domain / license_number.',
			examples: ['www.example.com']
		})
	),
	license_number: t.Optional(
		t.String({
			maxLength: MAX_LICENSE_NUMBER_LENGTH,
			description: "Licence number; case, spaces and separators ignored. For KH, TGC, IOM the service's reference.",
			examples: ['000-012345-R-123456-002']
		})
	),
	as_of: t.Optional(
		t.String({
			maxLength: MAX_AS_OF_LENGTH,
			description: '`YYYY-MM-DD` (end of that day UTC; today = now) or an ISO-8601 datetime with a UTC offset.',
			examples: ['2026-05-01']
		})
	)
})

export const BatchResultRowModel = t.Object(
	{
		query: t.Object({ domain: t.String(), input: t.Optional(t.String()) }, Strict),
		verdict: VerdictModel,
		verdict_detail: t.String(),
		match: nullable(MatchModel),
		confidence: ConfidenceModel,
		match_absence_reason: t.Optional(MatchAbsenceModel),
		related_hosts: t.Optional(t.Array(RelatedHostModel)),
		_meta: t.Optional(t.Object({ register: RegisterMetaModel }, Strict))
	},
	{ ...Strict, description: 'One checked entry; never carries alternatives, jurisdictions or as_of.' }
)

export const BatchErrorRowModel = t.Object(
	{
		query: t.Object({ input: t.Unknown({ description: 'The entry exactly as sent (any JSON value).' }) }, Strict),
		error: literals(
			['invalid_hostname', 'invalid_input'] as const,
			'`invalid_hostname`: a string that is not a hostname; `invalid_input`: not a string.'
		),
		error_detail: t.String({ description: 'One sentence.' }),
		match: t.Null()
	},
	{ ...Strict, description: 'An entry that could not be checked; it does not fail the batch. No verdict.' }
)

export const BatchResultModel = t.Object(
	{
		results: t.Array(t.Union([BatchResultRowModel, BatchErrorRowModel]), { description: 'One row per entry, in the order sent.' }),
		checked_jurisdictions: t.Array(t.String()),
		_meta: t.Object({ checked_at: t.String({ format: 'date-time' }), stale_jurisdictions: t.Array(StaleJurisdictionModel) }, Strict),
		evidence: t.Optional(EvidenceReferenceModel)
	},
	Strict
)

export const BatchBody = t.Object(
	{
		domains: t.Array(t.Unknown(), {
			minItems: 1,
			maxItems: MAX_BATCH_DOMAINS,
			description: `1–${MAX_BATCH_DOMAINS} entries, each normalised like \`domain\` on the single check.`
		})
	},
	{ examples: [{ domains: ['acmebet.co.uk', 'www.example.com'] }] }
)
