import type { Sql } from '@lv/db'
import type {
	DomainLinkRow,
	JurisdictionRow,
	LicenceRow,
	LicenseHistoryRow,
	LicenseNumberVersionRow,
	OperatorRow,
	RegisterRows,
	RegisterStatusRow,
	TradingNameRow
} from '@lv/verdict'

export type JurisdictionSnapshot = { rows: RegisterRows; dataVersion: bigint }

export type RegisterVersion = { code: string; dataVersion: bigint; lastSuccessfulReadAt: Date | null }

/** Codes of every jurisdiction the service covers. */
export async function jurisdictionCodes(sql: Sql): Promise<string[]> {
	const rows = await sql<{ code: string }[]>`SELECT code FROM jurisdictions ORDER BY position, code`
	return rows.map((row) => row.code)
}

/** data_version and freshness of every register, one query. */
export async function registerVersions(sql: Sql): Promise<RegisterVersion[]> {
	const rows = await sql<{ jurisdiction_code: string; data_version: bigint; last_successful_read_at: Date | null }[]>`
		SELECT jurisdiction_code, data_version, last_successful_read_at FROM register_status`
	return rows.map((row) => ({ code: row.jurisdiction_code, dataVersion: BigInt(row.data_version), lastSuccessfulReadAt: row.last_successful_read_at }))
}

/**
 * Every row of one jurisdiction the index is built from, read in one REPEATABLE READ snapshot so
 * licences, links and data_version belong to the same committed reader run. Set-based: one
 * query per table, no per-row round trips.
 */
export async function loadJurisdictionRows(sql: Sql, code: string): Promise<JurisdictionSnapshot> {
	return (await sql.begin('ISOLATION LEVEL REPEATABLE READ READ ONLY', async (tx) => {
		const jurisdictions = await tx<JurisdictionRow[]>`
			SELECT code, name, sla_hours, confidence_hint, position FROM jurisdictions WHERE code = ${code}`
		const statuses = await tx<(RegisterStatusRow & { data_version: bigint })[]>`
			SELECT jurisdiction_code, last_successful_read_at, data_version FROM register_status WHERE jurisdiction_code = ${code}`
		const licences = await tx<LicenceRow[]>`
			SELECT id, operator_id, jurisdiction_code, license_number, license_number_key, license_reference_is_ours, status,
				status_qualifier, upstream_status, expiry_date, covers_websites, status_source_url, status_observed_at,
				not_listed_since, last_listed_at, source_url, first_observed_at
			FROM licenses WHERE jurisdiction_code = ${code}`
		const licenseNumberVersions = await tx<LicenseNumberVersionRow[]>`
			SELECT v.license_id, v.license_number, v.license_number_key, v.superseded_at
			FROM license_number_versions v JOIN licenses l ON l.id = v.license_id
			WHERE l.jurisdiction_code = ${code}`
		const domainLinks = await tx<DomainLinkRow[]>`
			SELECT operator_id, license_id, jurisdiction_code, hostname, registrable_domain, link_status, association,
				last_listed_at, verification_url, verification_page_status, verification_page_read_at
			FROM domain_links WHERE jurisdiction_code = ${code}`
		const tradingNames = await tx<TradingNameRow[]>`
			SELECT operator_id, jurisdiction_code, name, status FROM trading_names WHERE jurisdiction_code = ${code}`
		const operators = await tx<OperatorRow[]>`
			SELECT id, slug, display_name, registered_name FROM operators o
			WHERE EXISTS (SELECT 1 FROM licenses l WHERE l.operator_id = o.id AND l.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM domain_links d WHERE d.operator_id = o.id AND d.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM trading_names t WHERE t.operator_id = o.id AND t.jurisdiction_code = ${code})`
		return {
			rows: { jurisdictions, registerStatus: statuses, operators, tradingNames, licences, licenseNumberVersions, domainLinks },
			dataVersion: BigInt(statuses[0]?.data_version ?? 0n)
		}
	})) as JurisdictionSnapshot
}

/** Status history of one licence, for as_of; read per request because as_of is rare. */
export async function loadLicenceHistory(sql: Sql, licenseId: string): Promise<LicenseHistoryRow[]> {
	return await sql<LicenseHistoryRow[]>`
		SELECT id, license_id, changed_at, previous_status, new_status, change_type, source_url, corrected_at, correction_note
		FROM license_history WHERE license_id = ${licenseId} ORDER BY changed_at, id`
}
