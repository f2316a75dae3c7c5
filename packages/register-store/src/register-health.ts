import type { Sql } from '@lv/db'

export type RegisterHealthRow = {
	code: string
	name: string
	sla_hours: number
	last_successful_read_at: Date | null
	licence_count: number
	operator_count: number
	domain_count: number
}

/** Every jurisdiction in display order with its last good read and counts (zero before the first read). */
export function registerHealth(sql: Sql): Promise<RegisterHealthRow[]> {
	return sql<RegisterHealthRow[]>`
		SELECT j.code, j.name, j.sla_hours, s.last_successful_read_at,
			coalesce(s.license_count, 0) AS licence_count, coalesce(s.operator_count, 0) AS operator_count, coalesce(s.domain_count, 0) AS domain_count
		FROM jurisdictions j LEFT JOIN register_status s ON s.jurisdiction_code = j.code
		ORDER BY j.position, j.code`
}

export type FailedRead = { code: string; kind: 'read_failed'; at: Date; detail: string | null }

/** Reader runs that failed since `since`, with the reason they gave. */
export function failedReadsSince(sql: Sql, since: Date): Promise<FailedRead[]> {
	return sql<FailedRead[]>`
		SELECT jurisdiction_code AS code, 'read_failed' AS kind, started_at AS at, failure_reason AS detail
		FROM reader_runs WHERE outcome = 'failed' AND started_at >= ${since}`
}
