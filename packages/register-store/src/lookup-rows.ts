import type { ChangeType, LicenceStatus, StatusQualifier } from '@lv/verdict'

/** Register rows as the lookups select them. Dates come out of SQL as YYYY-MM-DD text. */

export type ConfidenceSource = 'authoritative' | 'scraped'

export type LicenceRow = {
	id: string
	operator_id: string
	license_number: string
	license_reference_is_ours: boolean
	jurisdiction_code: string
	status: LicenceStatus
	status_qualifier: StatusQualifier | null
	upstream_status: string | null
	license_types: string[]
	license_type_raw: string
	license_category: string
	issued_date: string | null
	expiry_date: string | null
	not_listed_since: Date | null
	last_verified_at: Date
	source_url: string
	status_source_url: string | null
	status_observed_at: Date | null
	last_listed_at: Date | null
	raw_data: Record<string, unknown>
	confidence_hint: ConfidenceSource
}

export type OperatorRow = {
	id: string
	slug: string
	display_name: string
	registered_name: string
	country: string | null
	upstream_ids: Record<string, unknown>
	created_at: Date
	updated_at: Date
}

export type HistoryRow = {
	id: string
	license_id: string
	changed_at: Date
	previous_status: LicenceStatus | null
	new_status: LicenceStatus
	change_type: ChangeType
	source_url: string
	detected_by: string
	note: string | null
	snapshot_sha256: string | null
	snapshot_fetched_at: Date | null
	corrected_at: Date | null
	correction_note: string | null
}
