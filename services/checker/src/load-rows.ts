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

/**
 * postgres.js gives every row its own copy of a text value. Columns with few distinct values
 * (statuses, wording, ids of the few thousand operators and licences) are replaced by one shared
 * copy, so 500,000 domain links do not keep a million copies of "active" and "direct" and the
 * duplicate ids become garbage chunk by chunk while the rows are still being read.
 */
function interner() {
	const seen = new Map<string, string>()
	return <T extends object>(rows: readonly T[], columns: readonly (keyof T)[]): void => {
		for (const row of rows) {
			for (const column of columns) {
				const value = row[column]
				if (typeof value !== 'string') continue
				const shared = seen.get(value)
				if (shared === undefined) seen.set(value, value)
				else (row as Record<keyof T, unknown>)[column] = shared
			}
		}
	}
}

const LINK_ROWS_PER_CHUNK = 20_000
const SHARED_LINK_COLUMNS = ['operator_id', 'license_id', 'jurisdiction_code', 'link_status', 'association', 'verification_page_status'] as const

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
	// A reserved connection with an explicit BEGIN rather than sql.begin(): postgres.js keeps the
	// queries of a begin() block (and so every row they returned) reachable from the connection
	// until its next begin(), which would hold a whole jurisdiction's rows beside the index.
	const tx = await sql.reserve()
	try {
		await tx`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`
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
		const intern = interner()
		// The largest table, read in chunks so shared values are folded in as it arrives. The
		// registrable domain is not read: the index recomputes it from the hostname.
		const domainLinks: DomainLinkRow[] = []
		await tx<DomainLinkRow[]>`
			SELECT operator_id, license_id, jurisdiction_code, hostname, link_status, association,
				last_listed_at, verification_url, verification_page_status, verification_page_read_at
			FROM domain_links WHERE jurisdiction_code = ${code}`.cursor(LINK_ROWS_PER_CHUNK, (chunk) => {
			intern(chunk, SHARED_LINK_COLUMNS)
			for (const row of chunk) domainLinks.push(row)
		})
		const tradingNames = await tx<TradingNameRow[]>`
			SELECT operator_id, jurisdiction_code, name, status FROM trading_names WHERE jurisdiction_code = ${code}`
		const operators = await tx<OperatorRow[]>`
			SELECT id, slug, display_name, registered_name FROM operators o
			WHERE EXISTS (SELECT 1 FROM licenses l WHERE l.operator_id = o.id AND l.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM domain_links d WHERE d.operator_id = o.id AND d.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM trading_names t WHERE t.operator_id = o.id AND t.jurisdiction_code = ${code})`
		await tx`COMMIT`
		intern(licences, ['operator_id', 'jurisdiction_code', 'status', 'status_qualifier', 'upstream_status', 'source_url', 'status_source_url'])
		return {
			rows: { jurisdictions, registerStatus: statuses, operators, tradingNames, licences, licenseNumberVersions, domainLinks },
			dataVersion: BigInt(statuses[0]?.data_version ?? 0n)
		}
	} catch (error) {
		await tx`ROLLBACK`.catch(() => {})
		throw error
	} finally {
		tx.release()
	}
}

/** Status history of one licence, for as_of; read per request because as_of is rare. */
export async function loadLicenceHistory(sql: Sql, licenseId: string): Promise<LicenseHistoryRow[]> {
	return await sql<LicenseHistoryRow[]>`
		SELECT id, license_id, changed_at, previous_status, new_status, change_type, source_url, corrected_at, correction_note
		FROM license_history WHERE license_id = ${licenseId} ORDER BY changed_at, id`
}
