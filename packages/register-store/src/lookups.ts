import type { Sql } from '@lv/db'
import type { DomainAssociation, LinkStatus } from '@lv/verdict'
import type { HistoryRow, LicenceRow, OperatorRow } from './lookup-rows.ts'

/** A page of a list: at most `limit` rows after skipping `offset`. */
export type Paging = { limit: number; offset: number }

export type JurisdictionRow = {
	code: string
	name: string
	country_code: string
	website: string
	currency: string
	license_types: string[]
}

export const listJurisdictions = (sql: Sql) =>
	sql<JurisdictionRow[]>`SELECT code, name, country_code, website, currency, license_types FROM jurisdictions ORDER BY position, code`

export async function findJurisdiction(sql: Sql, code: string): Promise<JurisdictionRow | undefined> {
	const rows = await sql<
		JurisdictionRow[]
	>`SELECT code, name, country_code, website, currency, license_types FROM jurisdictions WHERE code = ${code}`
	return rows[0]
}

const operatorColumns = (sql: Sql) =>
	sql`o.id, o.slug, o.display_name, o.registered_name, o.country, o.upstream_ids, o.created_at, o.updated_at`

/** Operators holding at least one licence record of any status in the jurisdiction, by internal id. */
export async function operatorsInJurisdiction(sql: Sql, code: string, paging: Paging) {
	const [rows, counted] = await Promise.all([
		sql<OperatorRow[]>`
			SELECT ${operatorColumns(sql)} FROM operators o
			WHERE EXISTS (SELECT 1 FROM licenses l WHERE l.operator_id = o.id AND l.jurisdiction_code = ${code})
			ORDER BY o.id LIMIT ${paging.limit} OFFSET ${paging.offset}`,
		sql<{ total: number }[]>`SELECT count(DISTINCT operator_id)::int AS total FROM licenses WHERE jurisdiction_code = ${code}`
	])
	return { rows, total: counted[0]?.total ?? 0 }
}

export type SearchRow = OperatorRow & { scraped_at: Date | null; jurisdiction_codes: string[] }

/** SPEC ordering: exact slug match, then display-name prefix, then the rest, each group by display_name. */
export async function searchOperators(sql: Sql, q: string, paging: Paging) {
	const needle = q.toLowerCase()
	const matches = sql`(position(${needle} in lower(o.display_name)) > 0 OR position(${needle} in o.slug) > 0 OR position(${needle} in lower(o.registered_name)) > 0)`
	const [rows, counted] = await Promise.all([
		sql<SearchRow[]>`
			SELECT ${operatorColumns(sql)}, agg.scraped_at, coalesce(agg.jurisdiction_codes, '{}') AS jurisdiction_codes
			FROM operators o
			LEFT JOIN LATERAL (
				SELECT max(l.last_verified_at) AS scraped_at, array_agg(DISTINCT l.jurisdiction_code) AS jurisdiction_codes
				FROM licenses l WHERE l.operator_id = o.id
			) agg ON true
			WHERE ${matches}
			ORDER BY CASE WHEN o.slug = ${needle} THEN 0 WHEN starts_with(lower(o.display_name), ${needle}) THEN 1 ELSE 2 END, o.display_name, o.id
			LIMIT ${paging.limit} OFFSET ${paging.offset}`,
		sql<{ total: number }[]>`SELECT count(*)::int AS total FROM operators o WHERE ${matches}`
	])
	return { rows, total: counted[0]?.total ?? 0 }
}

export async function findOperatorBySlug(sql: Sql, slug: string): Promise<OperatorRow | undefined> {
	const rows = await sql<OperatorRow[]>`SELECT ${operatorColumns(sql)} FROM operators o WHERE o.slug = ${slug}`
	return rows[0]
}

const licenceColumns = (sql: Sql) => sql`
	l.id, l.operator_id, l.license_number, l.license_reference_is_ours, l.jurisdiction_code, l.status, l.status_qualifier,
	l.upstream_status, l.license_types, l.license_type_raw, l.license_category,
	to_char(l.issued_date, 'YYYY-MM-DD') AS issued_date, to_char(l.expiry_date, 'YYYY-MM-DD') AS expiry_date,
	l.not_listed_since, l.last_verified_at, l.source_url, l.status_source_url, l.status_observed_at, l.last_listed_at,
	l.raw_data, j.confidence_hint`

/** An operator's licences: active first, then by jurisdiction and number (the first one carries the operator's `_meta`). */
export const licencesOfOperator = (sql: Sql, operatorId: string) =>
	sql<LicenceRow[]>`
		SELECT ${licenceColumns(sql)} FROM licenses l JOIN jurisdictions j ON j.code = l.jurisdiction_code
		WHERE l.operator_id = ${operatorId}
		ORDER BY (l.status = 'active') DESC, j.position, l.license_number, l.id`

export async function findLicence(sql: Sql, id: string): Promise<LicenceRow | undefined> {
	const rows = await sql<LicenceRow[]>`
		SELECT ${licenceColumns(sql)} FROM licenses l JOIN jurisdictions j ON j.code = l.jurisdiction_code WHERE l.id = ${id}`
	return rows[0]
}

/** Whole timelines, most recent first; withdrawn events included (they carry corrected_at). */
export const historyOfLicences = (sql: Sql, licenceIds: readonly string[]) =>
	licenceIds.length === 0
		? Promise.resolve([] as HistoryRow[])
		: sql<HistoryRow[]>`
			SELECT id, license_id, changed_at, previous_status, new_status, change_type, source_url, detected_by, note,
				snapshot_sha256, snapshot_fetched_at, corrected_at, correction_note
			FROM license_history WHERE license_id IN ${sql(licenceIds as string[])}
			ORDER BY changed_at DESC, id DESC`

export type DomainRow = {
	hostname: string
	link_status: LinkStatus
	jurisdiction_code: string
	license_id: string | null
	association: DomainAssociation | null
	verification_url: string | null
	verification_page_status: string | null
	verification_page_read_at: Date | null
	last_listed_at: Date | null
}

export const domainsOfOperator = (sql: Sql, operatorId: string) =>
	sql<DomainRow[]>`
		SELECT hostname, link_status, jurisdiction_code, license_id, association, verification_url, verification_page_status,
			verification_page_read_at, last_listed_at
		FROM domain_links WHERE operator_id = ${operatorId}
		ORDER BY (link_status = 'active') DESC, hostname, jurisdiction_code`

export const REGULATORY_ACTION_SORTS = ['date_desc', 'date_asc', 'amount_desc', 'type_asc'] as const
export type RegulatoryActionSort = (typeof REGULATORY_ACTION_SORTS)[number]
const ORDER_BY: Record<RegulatoryActionSort, string> = {
	date_desc: 'decision_date DESC NULLS LAST, first_seen_at DESC, id',
	date_asc: 'decision_date ASC NULLS LAST, first_seen_at ASC, id',
	amount_desc: 'amount_minor_units DESC NULLS LAST, decision_date DESC NULLS LAST, id',
	type_asc: 'action_type ASC, decision_date DESC NULLS LAST, id'
}

export type RegulatoryActionRow = {
	id: string
	jurisdiction_code: string
	action_type: string
	entity_name: string
	amount_minor_units: number | null
	currency: string | null
	decision_date: string | null
	summary: string | null
	source_url: string
	first_seen_at: Date
}

export async function regulatoryActionsOf(sql: Sql, operatorId: string, sort: RegulatoryActionSort, paging: Paging) {
	const [rows, counted] = await Promise.all([
		sql<RegulatoryActionRow[]>`
			SELECT id, jurisdiction_code, action_type, entity_name, amount_minor_units::float8 AS amount_minor_units, currency,
				to_char(decision_date, 'YYYY-MM-DD') AS decision_date, summary, source_url, first_seen_at
			FROM regulatory_actions WHERE operator_id = ${operatorId}
			ORDER BY ${sql.unsafe(ORDER_BY[sort])} LIMIT ${paging.limit} OFFSET ${paging.offset}`,
		sql<{ total: number }[]>`SELECT count(*)::int AS total FROM regulatory_actions WHERE operator_id = ${operatorId}`
	])
	return { rows, total: counted[0]?.total ?? 0 }
}

/** Jurisdictions whose enforcement publication is read. */
export const ENFORCEMENT_JURISDICTIONS = ['UKGC', 'MGA', 'CW'] as const

export type EnforcementSourceRow = { jurisdiction_code: string; source_url: string | null; last_read_at: Date | null }

/**
 * The latest good read of each enforcement publication. Of reads started at one instant (the pages of one run,
 * or two runs on one clock reading), the one finished last, then the first URL in code points, then by id: every
 * call names the same page.
 */
export const enforcementSourcesRead = (sql: Sql) =>
	sql<EnforcementSourceRow[]>`
		SELECT j.code AS jurisdiction_code, latest.source_url, latest.finished_at AS last_read_at
		FROM jurisdictions j
		LEFT JOIN LATERAL (
			SELECT source_url, coalesce(finished_at, fetched_at, started_at) AS finished_at FROM register_reads r
			WHERE r.jurisdiction_code = j.code AND r.publication = 'enforcement' AND r.outcome IN ('succeeded', 'not_modified')
			ORDER BY r.started_at DESC, r.finished_at DESC, r.source_url COLLATE "C", r.id DESC LIMIT 1
		) latest ON true
		WHERE j.code IN ${sql([...ENFORCEMENT_JURISDICTIONS])}
		ORDER BY j.position`
