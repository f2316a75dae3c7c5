import type { Sql } from '@lv/db'
import {
	DOMAIN_ASSOCIATIONS,
	LINK_STATUSES,
	type JurisdictionBuild,
	type JurisdictionShard,
	type JurisdictionRow,
	type LicenceRow,
	type LicenseHistoryRow,
	type LicenseNumberVersionRow,
	type OperatorRow,
	type RegisterStatusRow,
	type StreamedLinkRow,
	type TradingNameRow,
	beginJurisdiction
} from '@lv/verdict'
import { addLinkChunk } from './index-memory.ts'

// Register rows as the checker reads them to build its in-memory index.

/** A jurisdiction read from one snapshot, its shard built; `build.finish(index)` swaps it in. */
export type JurisdictionSnapshot = { build: JurisdictionBuild; dataVersion: bigint; licences: number }

const LINK_ROWS_PER_CHUNK = 10_000

/** A domain_links row as the loader selects it: 1-based positions in place of ids and statuses. */
type EncodedLinkRow = {
	operator: number
	licence: number | null
	hostname: string
	link_status: number
	association: number | null
	last_listed_at: Date | null
	verification_url: string | null
	verification_page_status: string | null
	verification_page_read_at: Date | null
}

function decodeLink(row: EncodedLinkRow, operatorIds: readonly string[], licenceIds: readonly string[]): StreamedLinkRow {
	const status = LINK_STATUSES[row.link_status - 1]
	if (status === undefined) throw new Error(`domain link ${row.hostname}: unknown link_status`)
	return {
		operator_id: operatorIds[row.operator - 1] ?? '',
		license_id: row.licence === null ? null : (licenceIds[row.licence - 1] ?? null),
		hostname: row.hostname,
		link_status: status,
		association: row.association === null ? null : (DOMAIN_ASSOCIATIONS[row.association - 1] ?? null),
		last_listed_at: row.last_listed_at,
		verification_url: row.verification_url,
		verification_page_status: row.verification_page_status,
		verification_page_read_at: row.verification_page_read_at
	}
}

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
	return rows.map((row) => ({
		code: row.jurisdiction_code,
		dataVersion: BigInt(row.data_version),
		lastSuccessfulReadAt: row.last_successful_read_at
	}))
}

/**
 * Reads one jurisdiction in one REPEATABLE READ snapshot (licences, links and data_version
 * belong to the same committed reader run) and builds its shard as the rows arrive: licences,
 * names and the rest first, then domain links, the largest table, in chunks that are indexed
 * and dropped, so a whole jurisdiction's link rows never sit in memory beside the index (the
 * builder also shares repeated strings). Set-based: one query per table. Null when the
 * jurisdiction has no row. `replacing`: the shard the new one replaces, whose key counts size its
 * key tables (beginJurisdiction).
 */
export async function loadJurisdiction(sql: Sql, code: string, replacing?: JurisdictionShard): Promise<JurisdictionSnapshot | null> {
	// A reserved connection with an explicit BEGIN rather than sql.begin(): postgres.js keeps the
	// queries of a begin() block (and so every row they returned) reachable from the connection
	// until its next begin(), which would hold a whole jurisdiction's rows beside the index.
	const tx = await sql.reserve()
	try {
		await tx`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`
		const jurisdictions = await tx<JurisdictionRow[]>`
			SELECT code, name, sla_hours, confidence_hint, position FROM jurisdictions WHERE code = ${code}`
		if (jurisdictions.length === 0) {
			await tx`COMMIT`
			return null
		}
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
		const tradingNames = await tx<TradingNameRow[]>`
			SELECT operator_id, jurisdiction_code, name, status, not_listed_since FROM trading_names WHERE jurisdiction_code = ${code}`
		const operators = await tx<OperatorRow[]>`
			SELECT id, slug, display_name, registered_name FROM operators o
			WHERE EXISTS (SELECT 1 FROM licenses l WHERE l.operator_id = o.id AND l.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM domain_links d WHERE d.operator_id = o.id AND d.jurisdiction_code = ${code})
				OR EXISTS (SELECT 1 FROM trading_names t WHERE t.operator_id = o.id AND t.jurisdiction_code = ${code})`
		const build = beginJurisdiction(
			code,
			{
				jurisdictions,
				registerStatus: statuses,
				operators,
				tradingNames,
				licences,
				licenseNumberVersions
			},
			replacing
		)
		// Links arrive with small numbers in place of ids and statuses (positions in the lists sent
		// along), so the only string a row usually brings is its hostname: less to parse and collect.
		const operatorIds = operators.map((row) => row.id)
		const licenceIds = licences.map((row) => row.id)
		await tx<EncodedLinkRow[]>`
			SELECT o.n::int AS operator, l.n::int AS licence, d.hostname,
				array_position(${[...LINK_STATUSES]}::text[], d.link_status) AS link_status,
				array_position(${[...DOMAIN_ASSOCIATIONS]}::text[], d.association) AS association,
				d.last_listed_at, d.verification_url, d.verification_page_status, d.verification_page_read_at
			FROM domain_links d
			JOIN unnest(${operatorIds}::uuid[]) WITH ORDINALITY AS o(id, n) ON o.id = d.operator_id
			LEFT JOIN unnest(${licenceIds}::uuid[]) WITH ORDINALITY AS l(id, n) ON l.id = d.license_id
			WHERE d.jurisdiction_code = ${code}`.cursor(LINK_ROWS_PER_CHUNK, (chunk) => {
			const rows = chunk.map((row) => decodeLink(row, operatorIds, licenceIds))
			chunk.length = 0
			// Left to its own pacing the collector let a UKGC rebuild's rows pile up (RSS peak
			// ~450-500 MB instead of ~310 MB for 500,000 links).
			addLinkChunk(build, rows)
		})
		await tx`COMMIT`
		return { build, dataVersion: BigInt(statuses[0]?.data_version ?? 0n), licences: licences.length }
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
