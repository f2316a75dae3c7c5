import { t } from 'elysia'

const Strict = { additionalProperties: false } as const
const nullableString = t.Union([t.String(), t.Null()])

export const JwkModel = t.Object(
	{ kty: t.Literal('OKP'), crv: t.Literal('Ed25519'), x: t.String(), kid: t.String(), alg: t.Literal('EdDSA'), use: t.Literal('sig') },
	Strict
)
export const JwksModel = t.Object({ keys: t.Array(JwkModel) }, Strict)

const PublicationModel = t.Object(
	{
		jurisdiction: t.String(),
		publication: t.String({ description: '`register` or `enforcement`.' }),
		source_url: t.String(),
		read_at: t.String({
			format: 'date-time',
			description: 'When the bytes were fetched (a `not_modified` read confirms earlier bytes at this time).'
		}),
		sha256: t.String({ description: 'Lowercase hex SHA-256 of the bytes; `GET /v1/snapshots/{sha256}` returns them.' })
	},
	Strict
)

const RecordCheckModel = t.Object(
	{
		query: t.Record(t.String(), t.Unknown()),
		verdict: t.String(),
		verdict_detail: t.String(),
		licence: t.Union([
			t.Object(
				{
					license_id: nullableString,
					license_number: nullableString,
					license_reference_is_ours: t.Optional(
						t.Boolean({
							description:
								"True when `license_number` is the service's reference (`KH`, `TGC`, `IOM`), never the regulator's number. Absent on records signed before it was recorded."
						})
					),
					operator: t.String(),
					operator_slug: t.String(),
					jurisdiction: nullableString,
					regulator_name: nullableString,
					status: nullableString,
					status_qualifier: t.Optional(nullableString),
					upstream_status: t.Optional(nullableString),
					expires_at: t.Optional(nullableString),
					status_source_url: nullableString,
					status_observed_at: nullableString
				},
				Strict
			),
			t.Null()
		]),
		domain_link: t.Union([
			t.Object(
				{
					matched_domain: t.String(),
					domain_status: nullableString,
					domain_association: nullableString,
					domain_last_listed_at: nullableString
				},
				Strict
			),
			t.Null()
		]),
		as_of: t.Optional(
			t.Object(
				{ resolved_at: t.String({ format: 'date-time' }), basis: t.String(), status: nullableString },
				{
					...Strict,
					description: 'Present when the check was sent with `as_of`: the instant it resolved to, the basis and the status then.'
				}
			)
		)
	},
	Strict
)

export const EvidenceRecordModel = t.Object(
	{
		version: t.Literal(1),
		id: t.String(),
		kind: t.Union([t.Literal('check'), t.Literal('check_batch')]),
		checked_at: t.String({ format: 'date-time' }),
		account_id: t.String({ format: 'uuid' }),
		checks: t.Array(RecordCheckModel),
		checked_jurisdictions: t.Array(t.String()),
		publications: t.Array(PublicationModel, { description: 'Every register publication the answer rests on.' })
	},
	{ ...Strict, description: 'The signed payload (canonical JSON: keys sorted, no whitespace).' }
)

export const StoredEvidenceModel = t.Object(
	{
		id: t.String(),
		kind: t.Union([t.Literal('check'), t.Literal('check_batch')]),
		kid: t.String(),
		jws: t.String(),
		record: EvidenceRecordModel,
		created_at: t.String({ format: 'date-time' }),
		expires_at: t.String({ format: 'date-time' })
	},
	Strict
)

export const EvidenceVerifyBody = t.Object({ jws: t.String({ description: 'The compact JWS from `evidence.jws`.' }) })
export const VerifiedEvidenceModel = t.Object({ valid: t.Literal(true), kid: t.String(), record: EvidenceRecordModel }, Strict)
