import { t } from 'elysia'

const Timestamp = t.String({ format: 'date-time', description: 'ISO-8601 UTC with milliseconds.', examples: ['2026-11-05T06:12:44.118Z'] })
const NullableTimestamp = t.Union([Timestamp, t.Null()])
const CalendarDate = t.String({ format: 'date', description: 'YYYY-MM-DD', examples: ['2024-03-31'] })
const NullableDate = t.Union([CalendarDate, t.Null()])
const NullableString = t.Union([t.String(), t.Null()])
const Uuid = t.String({ format: 'uuid', examples: ['5b0b3f0e-7d0a-4b8e-9a57-1f4f3f1c2d10'] })

// Written out: a union nested in a union, or built from a spread, loses its static type in Elysia.
const NullableLicenceStatusModel = t.Union([
	t.Literal('active'),
	t.Literal('suspended'),
	t.Literal('revoked'),
	t.Literal('expired'),
	t.Literal('pending'),
	t.Literal('surrendered'),
	t.Literal('not_in_register'),
	t.Literal('unknown'),
	t.Null()
])

export const LicenceStatusModel = t.Union(
	[
		t.Literal('active'),
		t.Literal('suspended'),
		t.Literal('revoked'),
		t.Literal('expired'),
		t.Literal('pending'),
		t.Literal('surrendered'),
		t.Literal('not_in_register'),
		t.Literal('unknown')
	],
	{ description: 'Only `active` means licensed now.' }
)

export const JurisdictionModel = t.Object(
	{
		code: t.String({ examples: ['UKGC'] }),
		name: t.String({ examples: ['UK Gambling Commission'] }),
		country_code: t.String({ examples: ['GB'] }),
		website: t.String({ format: 'uri', examples: ['https://www.gamblingcommission.gov.uk'] }),
		currency: t.String({ examples: ['GBP'] }),
		license_types: t.Array(t.String(), { description: "The regulator's licence-type vocabulary.", examples: [['Remote', 'Non-Remote']] })
	},
	{ description: 'A regulator whose register is read.' }
)

export const OperatorModel = t.Object(
	{
		id: Uuid,
		slug: t.String({ description: 'Lowercase; resolved in any letter case.', examples: ['example-gaming-ltd'] }),
		display_name: t.String({ examples: ['Example Gaming'] }),
		registered_name: t.String({ description: 'The name the register prints next to the entity.', examples: ['Example Gaming Ltd'] }),
		country: NullableString,
		upstream_ids: t.Record(t.String(), t.Unknown(), {
			description: "The operator's id in each register, keyed by jurisdiction code.",
			examples: [{ UKGC: '39028' }]
		}),
		created_at: Timestamp,
		updated_at: Timestamp
	},
	{ description: 'An operator (licence holder).' }
)

export const SingleMetaModel = t.Object(
	{
		scraped_at: t.String({
			format: 'date-time',
			description:
				"When the resource was last read: the licence's last reconciliation; for an operator its licences' newest, or the operator row's last write when it holds none.",
			examples: ['2026-11-05T06:12:44.118Z']
		}),
		source_modified_at: t.Null({ description: 'Always null.' }),
		source_url: t.Union([t.String(), t.Null()], {
			description: 'The publication the answer rests on; null when not attributable to one URL.'
		}),
		confidence_hint: t.Union([t.Literal('authoritative'), t.Literal('scraped'), t.Literal('derived')], {
			description: '`authoritative` = the UKGC machine-readable export; `scraped` = every other jurisdiction and every search row.'
		})
	},
	{ description: 'Single-resource provenance.' }
)

export const ListMetaModel = t.Object(
	{
		freshness_range: t.Object({ oldest: NullableTimestamp, newest: NullableTimestamp }),
		total_sources: t.Integer({ minimum: 0, description: 'Distinct upstream sources on the page (roughly jurisdictions).' })
	},
	{ description: 'List provenance.' }
)

export const AsOfModel = t.Object(
	{
		resolved_at: t.String({ format: 'date-time', description: 'The UTC instant the `as_of` input resolved to.' }),
		basis: t.Union([
			t.Literal('observed'),
			t.Literal('corrected'),
			t.Literal('before_tracking'),
			t.Literal('no_such_license'),
			t.Literal('no_license_resolved')
		]),
		status: NullableLicenceStatusModel,
		transition: t.Union([
			t.Object({
				id: t.String(),
				changed_at: t.String({ format: 'date-time' }),
				previous_status: NullableLicenceStatusModel,
				new_status: LicenceStatusModel,
				change_type: t.String(),
				source_url: t.String()
			}),
			t.Null()
		]),
		correction: t.Optional(
			t.Object({
				event_id: t.String(),
				withdrawn_status: t.String({ description: 'Never quote this as the status.' }),
				corrected_at: t.String({ format: 'date-time' }),
				correction_note: NullableString
			})
		),
		tracking_since: t.Union([t.String({ format: 'date-time' }), t.Null()])
	},
	{ description: 'Status at the requested instant, inside the observation window only.' }
)

const licenceFields = {
	id: Uuid,
	license_number: t.String({ examples: ['000-039028-R-319409-009'] }),
	license_reference_is_ours: t.Boolean({ description: 'True for every KH, TGC, IOM licence: the service assigned the reference.' }),
	jurisdiction_code: t.String({ examples: ['UKGC'] }),
	status: LicenceStatusModel,
	// A pattern, not a literal: the document generator folds [literal, null] into `const` + two types, which rejects null.
	status_qualifier: t.Union([
		t.String({ pattern: '^provisional_under_assessment$', description: '`provisional_under_assessment` or null.' }),
		t.Null()
	]),
	upstream_status: t.Union([t.String(), t.Null()], { description: "The register's status wording, verbatim." }),
	license_types: t.Array(t.String()),
	license_type_raw: t.String(),
	license_category: t.String({
		description: 'Harmonised cross-jurisdiction category: `remote`, `non-remote`, `ancillary`, `b2b` or `other`.',
		examples: ['remote']
	}),
	issued_date: NullableDate,
	expiry_date: NullableDate,
	not_listed_since: NullableTimestamp,
	last_verified_at: Timestamp,
	source_url: t.String(),
	status_source_url: NullableString,
	status_observed_at: NullableTimestamp,
	last_listed_at: NullableTimestamp,
	raw_data: t.Record(t.String(), t.Unknown(), { description: 'Scraper-specific, unstable; diagnostic use only.' }),
	as_of: t.Optional(AsOfModel)
}

export const HistoryEventModel = t.Object(
	{
		id: Uuid,
		changed_at: Timestamp,
		previous_status: NullableLicenceStatusModel,
		new_status: LicenceStatusModel,
		change_type: t.Union([
			t.Literal('created'),
			t.Literal('status_change'),
			t.Literal('renewed'),
			t.Literal('revoked'),
			t.Literal('data_update')
		]),
		source_url: t.String(),
		detected_by: t.String(),
		note: NullableString,
		snapshot_sha256: NullableString,
		snapshot_fetched_at: NullableTimestamp,
		corrected_at: t.Union([Timestamp, t.Null()], {
			description: 'Set only when the event was withdrawn as wrong; never quote such an event.'
		}),
		correction_note: NullableString
	},
	{ description: 'One entry of a licence status history.' }
)

export const LicenceModel = t.Object(licenceFields, { description: 'A licence.' })
export const LicenceWithMetaModel = t.Object({ ...licenceFields, _meta: SingleMetaModel }, { description: 'A licence with provenance.' })
export const LicenceWithHistoryModel = t.Object(
	{ ...licenceFields, history: t.Optional(t.Array(HistoryEventModel, { description: 'With include_history=true: most recent first.' })) },
	{ description: 'A licence, with its status-change log on request.' }
)

export const DomainModel = t.Object(
	{
		hostname: t.String({ examples: ['example-casino.com'] }),
		status: t.Union([t.Literal('active'), t.Literal('parked'), t.Literal('expired'), t.Literal('redirecting'), t.Literal('delisted')], {
			description: "The domain's status under the operator (not a licence status)."
		}),
		jurisdiction_code: t.String(),
		license_id: t.Union([Uuid, t.Null()]),
		association: t.Union([t.Literal('direct'), t.Literal('white_label'), t.Null()]),
		verification_url: t.Union([t.String(), t.Null()], {
			description: "The regulator's own per-domain verification page (CW certificate, TGC seal)."
		}),
		verification_page_status: t.Union([t.String(), t.Null()], { description: 'What the page printed at the latest read, verbatim.' }),
		verification_page_read_at: NullableTimestamp,
		last_listed_at: NullableTimestamp
	},
	{ description: 'A domain the registers link to the operator.' }
)

export const RegulatoryActionModel = t.Object(
	{
		id: Uuid,
		jurisdiction_code: t.String(),
		action_type: t.String({ examples: ['fine'] }),
		entity_name: t.String({ description: 'The entity the publication names.' }),
		amount_minor_units: t.Union([t.Integer(), t.Null()], { description: 'Smallest currency unit (pence, cents).' }),
		currency: NullableString,
		decision_date: NullableDate,
		summary: NullableString,
		source_url: t.String()
	},
	{ description: 'An enforcement action linked to the operator.' }
)
