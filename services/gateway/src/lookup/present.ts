import type { HistoryRow, LicenceRow, OperatorRow } from '@lv/register-store'

/** The API shapes of the register rows the lookups select. */

const iso = (value: Date | null) => (value === null ? null : value.toISOString())

export const presentOperator = (row: OperatorRow) => ({
	id: row.id,
	slug: row.slug,
	display_name: row.display_name,
	registered_name: row.registered_name,
	country: row.country,
	upstream_ids: row.upstream_ids,
	created_at: row.created_at.toISOString(),
	updated_at: row.updated_at.toISOString()
})

export const presentLicence = (row: LicenceRow) => ({
	id: row.id,
	license_number: row.license_number,
	license_reference_is_ours: row.license_reference_is_ours,
	jurisdiction_code: row.jurisdiction_code,
	status: row.status,
	status_qualifier: row.status_qualifier,
	upstream_status: row.upstream_status,
	license_types: row.license_types,
	license_type_raw: row.license_type_raw,
	license_category: row.license_category,
	issued_date: row.issued_date,
	expiry_date: row.expiry_date,
	not_listed_since: iso(row.not_listed_since),
	last_verified_at: row.last_verified_at.toISOString(),
	source_url: row.source_url,
	status_source_url: row.status_source_url,
	// SPEC: null when status_source_url is; a read stamps every licence it touched, attributed or not.
	status_observed_at: row.status_source_url === null ? null : iso(row.status_observed_at),
	last_listed_at: iso(row.last_listed_at),
	raw_data: row.raw_data
})

export const presentHistoryEvent = (row: HistoryRow) => ({
	id: row.id,
	changed_at: row.changed_at.toISOString(),
	previous_status: row.previous_status,
	new_status: row.new_status,
	change_type: row.change_type,
	source_url: row.source_url,
	detected_by: row.detected_by,
	note: row.note,
	snapshot_sha256: row.snapshot_sha256,
	snapshot_fetched_at: iso(row.snapshot_fetched_at),
	corrected_at: iso(row.corrected_at),
	correction_note: row.correction_note
})

/** Single-resource `_meta` resting on one licence: its status publication, else its register. */
export const licenceMeta = (row: LicenceRow) => ({
	scraped_at: row.last_verified_at.toISOString(),
	source_modified_at: null,
	source_url: row.status_source_url ?? row.source_url,
	confidence_hint: row.confidence_hint
})

/** List `_meta`: the span of the rows' read times and how many distinct sources they come from. */
export function listMeta(instants: readonly (Date | null)[], sources: Iterable<string>) {
	const times = instants.filter((value): value is Date => value !== null).map((value) => value.getTime())
	return {
		freshness_range: {
			oldest: times.length === 0 ? null : new Date(Math.min(...times)).toISOString(),
			newest: times.length === 0 ? null : new Date(Math.max(...times)).toISOString()
		},
		total_sources: new Set(sources).size
	}
}
