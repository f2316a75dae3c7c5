import { LICENCE_STATUSES, LINK_STATUSES } from '@lv/contracts'

/**
 * Plain rows as SELECTs over packages/db/migrations/0001_register_data.sql return them
 * (postgres.js gives Date for timestamptz and date; strings are accepted as well).
 * Only the columns the checker needs are required.
 */
/** A Date, an ISO string or epoch milliseconds. */
export type Instant = Date | string | number
export type CalendarDate = Date | string

/** SPEC's licence and link status values, defined once in the bus contracts. */
export { LICENCE_STATUSES, LINK_STATUSES }
export type LicenceStatus = (typeof LICENCE_STATUSES)[number]
export type StatusQualifier = 'provisional_under_assessment'
export type LinkStatus = (typeof LINK_STATUSES)[number]
export const DOMAIN_ASSOCIATIONS = ['direct', 'white_label'] as const
export type DomainAssociation = (typeof DOMAIN_ASSOCIATIONS)[number]
export type ChangeType = 'created' | 'status_change' | 'renewed' | 'revoked' | 'data_update'

export type JurisdictionRow = {
	code: string
	name: string
	sla_hours: number
	confidence_hint?: 'authoritative' | 'scraped'
	position?: number | null
}

export type RegisterStatusRow = {
	jurisdiction_code: string
	last_successful_read_at: Instant | null
}

export type OperatorRow = {
	id: string
	slug: string
	display_name: string
	registered_name: string
}

export type TradingNameRow = {
	operator_id: string
	jurisdiction_code: string
	name: string
	status?: string | null
	/** Set once the register's latest read no longer prints the name: kept for history, never matched. */
	not_listed_since?: Instant | null
}

export type LicenceRow = {
	id: string
	operator_id: string
	jurisdiction_code: string
	license_number: string
	license_number_key?: string | null
	license_reference_is_ours: boolean
	status: LicenceStatus
	status_qualifier: StatusQualifier | null
	upstream_status: string | null
	expiry_date: CalendarDate | null
	covers_websites: boolean
	status_source_url: string | null
	status_observed_at: Instant | null
	not_listed_since: Instant | null
	last_listed_at: Instant | null
	source_url: string
	first_observed_at?: Instant | null
}

export type LicenseNumberVersionRow = {
	license_id: string
	license_number: string
	license_number_key?: string | null
	superseded_at?: Instant | null
}

export type DomainLinkRow = {
	operator_id: string
	license_id: string | null
	jurisdiction_code: string
	hostname: string
	registrable_domain?: string | null
	link_status: LinkStatus
	association: DomainAssociation | null
	last_listed_at: Instant | null
	verification_url: string | null
	verification_page_status: string | null
	verification_page_read_at: Instant | null
}

/** A domain link streamed into one jurisdiction's build (beginJurisdiction): the code may be left out. */
export type StreamedLinkRow = Omit<DomainLinkRow, 'jurisdiction_code'> & { jurisdiction_code?: string }

export type LicenseHistoryRow = {
	id: string
	license_id: string
	changed_at: Instant
	previous_status: LicenceStatus | null
	new_status: LicenceStatus
	change_type: ChangeType
	source_url: string
	corrected_at: Instant | null
	correction_note?: string | null
}

/** Everything buildIndex reads; for replaceJurisdiction, the rows of one jurisdiction. */
export type RegisterRows = {
	jurisdictions: readonly JurisdictionRow[]
	registerStatus: readonly RegisterStatusRow[]
	operators: readonly OperatorRow[]
	tradingNames: readonly TradingNameRow[]
	licences: readonly LicenceRow[]
	licenseNumberVersions: readonly LicenseNumberVersionRow[]
	domainLinks: readonly DomainLinkRow[]
}
