import type { TransactionSql } from '@lv/db'
import type { LicenceStatus, StatusQualifier } from '@lv/registers'
import { type CurrentState, type LicenceState, type OperatorState, tradingNameKey } from '../reconcile/types.ts'

type LicenceRecord = {
	id: string
	operator_id: string
	upstream_key: string
	license_number: string
	license_number_key: string
	license_reference_is_ours: boolean
	status: LicenceStatus
	status_qualifier: StatusQualifier | null
	upstream_status: string | null
	license_types: string[]
	license_type_raw: string
	license_category: string
	issued_date: string | null
	expiry_date: string | null
	covers_websites: boolean
	not_listed_since: Date | null
	missed_reads: number
	last_verified_at: Date
	last_listed_at: Date | null
	source_url: string
	status_source_url: string | null
	status_observed_at: Date | null
	raw_data: Record<string, unknown>
	first_observed_at: Date
}

/**
 * Reads one jurisdiction's rows as the reconciliation compares them (inside the run's transaction).
 * Domain links are not loaded: they are compared inside PostgreSQL (apply-links.ts).
 */
export async function loadCurrentState(tx: TransactionSql, jurisdiction: string): Promise<CurrentState> {
	const [registrations, licences, tradingNames, actions, slugs] = await Promise.all([
		tx<
			{
				upstream_id: string
				legal_name: string
				id: string
				slug: string
				registered_name: string
				display_name: string
				country: string | null
			}[]
		>`
			SELECT r.upstream_id, r.legal_name, o.id, o.slug, o.registered_name, o.display_name, o.country
			FROM operator_registrations r JOIN operators o ON o.id = r.operator_id
			WHERE r.jurisdiction_code = ${jurisdiction}`,
		tx<LicenceRecord[]>`
			SELECT id, operator_id, upstream_key, license_number, license_number_key, license_reference_is_ours, status, status_qualifier,
				upstream_status, license_types, license_type_raw, license_category, issued_date::text AS issued_date, expiry_date::text AS expiry_date,
				covers_websites, not_listed_since, missed_reads, last_verified_at, last_listed_at, source_url, status_source_url, status_observed_at,
				raw_data, first_observed_at
			FROM licenses WHERE jurisdiction_code = ${jurisdiction}`,
		tx<{ operator_id: string; name: string; status: string | null; not_listed_since: Date | null }[]>`
			SELECT operator_id, name, status, not_listed_since FROM trading_names WHERE jurisdiction_code = ${jurisdiction}`,
		tx<{ upstream_key: string }[]>`SELECT upstream_key FROM regulatory_actions WHERE jurisdiction_code = ${jurisdiction}`,
		tx<{ slug: string }[]>`SELECT slug FROM operators`
	])
	const state: CurrentState = {
		registrations: new Map(),
		licences: new Map(),
		tradingNames: new Map(),
		actionKeys: new Set(actions.map((row) => row.upstream_key)),
		takenSlugs: new Set(slugs.map((row) => row.slug))
	}
	for (const row of registrations) {
		const operator: OperatorState = {
			id: row.id,
			slug: row.slug,
			registeredName: row.registered_name,
			displayName: row.display_name,
			country: row.country
		}
		state.registrations.set(row.upstream_id, { operator, legalName: row.legal_name })
	}
	for (const row of licences) state.licences.set(row.upstream_key, toLicenceState(row))
	for (const row of tradingNames) {
		state.tradingNames.set(tradingNameKey(row.operator_id, row.name), {
			operatorId: row.operator_id,
			name: row.name,
			status: row.status,
			notListedSince: row.not_listed_since
		})
	}
	return state
}

function toLicenceState(row: LicenceRecord): LicenceState {
	return {
		id: row.id,
		operatorId: row.operator_id,
		upstreamKey: row.upstream_key,
		licenseNumber: row.license_number,
		licenseNumberKey: row.license_number_key,
		licenseReferenceIsOurs: row.license_reference_is_ours,
		status: row.status,
		statusQualifier: row.status_qualifier,
		upstreamStatus: row.upstream_status,
		licenseTypes: row.license_types,
		licenseTypeRaw: row.license_type_raw,
		licenseCategory: row.license_category,
		issuedDate: row.issued_date,
		expiryDate: row.expiry_date,
		coversWebsites: row.covers_websites,
		notListedSince: row.not_listed_since,
		missedReads: row.missed_reads,
		lastVerifiedAt: row.last_verified_at,
		lastListedAt: row.last_listed_at,
		sourceUrl: row.source_url,
		statusSourceUrl: row.status_source_url,
		statusObservedAt: row.status_observed_at,
		rawData: row.raw_data,
		firstObservedAt: row.first_observed_at
	}
}
