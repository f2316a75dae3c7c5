import type { Sql } from '@lv/db'

export type ExpiringLicence = {
	id: string
	license_number: string
	operator_id: string
	operator_slug: string
	jurisdiction_code: string
	expiry_date: string
}

/** The UTC days (YYYY-MM-DD, both included) on which a licence came `daysBefore` days from its expiry date. */
export type NoticeDays = { daysBefore: number; firstDay: string; lastDay: string }

/**
 * Active licences whose expiry date lies `daysBefore` days after one of the given days, and which were already
 * known on that day (first observed before its end), with their operator's slug, by expiry date then id.
 */
export const activeLicencesReachingNotice = (sql: Sql, days: NoticeDays) =>
	sql<ExpiringLicence[]>`
		SELECT l.id, l.license_number, l.operator_id, o.slug AS operator_slug, l.jurisdiction_code, l.expiry_date::text AS expiry_date
		FROM licenses l JOIN operators o ON o.id = l.operator_id
		WHERE l.status = 'active'
			AND l.expiry_date BETWEEN ${days.firstDay}::date + ${days.daysBefore}::int AND ${days.lastDay}::date + ${days.daysBefore}::int
			AND l.first_observed_at < ((l.expiry_date - ${days.daysBefore}::int + 1)::timestamp AT TIME ZONE 'UTC')
		ORDER BY l.expiry_date, l.id`
