import type { Sql } from '@lv/db'

/** Register figures the public coverage and stats pages count. */

export type CoverageCountRow = {
	code: string
	sla_hours: number
	last_successful_scrape: Date | null
	record_count: number
	normative_operators: number
	operators_with_domain: number
}

/** Per jurisdiction: freshest licence read, records, operators whose licence may cover a website, and those of them with a linked domain. */
export const coverageCounts = (sql: Sql) =>
	sql<CoverageCountRow[]>`
		SELECT j.code, j.sla_hours,
			(SELECT max(l.last_verified_at) FROM licenses l WHERE l.jurisdiction_code = j.code) AS last_successful_scrape,
			(SELECT count(*)::int FROM licenses l WHERE l.jurisdiction_code = j.code) AS record_count,
			(SELECT count(DISTINCT l.operator_id)::int FROM licenses l WHERE l.jurisdiction_code = j.code AND l.covers_websites) AS normative_operators,
			(SELECT count(DISTINCT l.operator_id)::int FROM licenses l
				WHERE l.jurisdiction_code = j.code AND l.covers_websites
					AND EXISTS (SELECT 1 FROM domain_links d WHERE d.operator_id = l.operator_id AND d.jurisdiction_code = j.code)) AS operators_with_domain
		FROM jurisdictions j ORDER BY j.position, j.code`

/** Licence records by current status. */
export const licencesByStatus = (sql: Sql) =>
	sql<{ status: string; count: number }[]>`SELECT status, count(*)::int AS count FROM licenses GROUP BY status ORDER BY status`

/** Per jurisdiction: licence records, the last successful read and the SLA. */
export const jurisdictionReadCounts = (sql: Sql) =>
	sql<{ code: string; licences: number; last_read: Date | null; sla_hours: number }[]>`
		SELECT j.code, j.sla_hours, rs.last_successful_read_at AS last_read,
			(SELECT count(*)::int FROM licenses l WHERE l.jurisdiction_code = j.code) AS licences
		FROM jurisdictions j LEFT JOIN register_status rs ON rs.jurisdiction_code = j.code
		ORDER BY j.position, j.code`

export type HeadlineCounts = {
	operators: number
	linked_domains: number
	verified_domains: number
	brand_pages: number
	status_changes: number
	withdrawn: number
}

/** Operators, domain links and their kinds, status changes since `since` and withdrawn events. */
export async function headlineCounts(sql: Sql, since: Date): Promise<HeadlineCounts> {
	const [counts] = await sql<HeadlineCounts[]>`
		SELECT
			(SELECT count(*)::int FROM operators) AS operators,
			(SELECT count(*)::int FROM domain_links) AS linked_domains,
			(SELECT count(*)::int FROM domain_links WHERE verification_url IS NOT NULL) AS verified_domains,
			(SELECT count(DISTINCT registrable_domain)::int FROM domain_links) AS brand_pages,
			(SELECT count(*)::int FROM license_history
				WHERE change_type <> 'created' AND previous_status IS DISTINCT FROM new_status AND corrected_at IS NULL AND changed_at >= ${since}) AS status_changes,
			(SELECT count(*)::int FROM license_history WHERE corrected_at IS NOT NULL) AS withdrawn`
	return counts as HeadlineCounts
}
