import type { Sql } from '@lv/db'

export type ExpiringLicence = {
	id: string
	license_number: string
	operator_id: string
	operator_slug: string
	jurisdiction_code: string
	expiry_date: string
}

/** Active licences whose expiry date is `date` (YYYY-MM-DD), with their operator's slug, by id. */
export const activeLicencesExpiringOn = (sql: Sql, date: string) =>
	sql<ExpiringLicence[]>`
		SELECT l.id, l.license_number, l.operator_id, o.slug AS operator_slug, l.jurisdiction_code, l.expiry_date::text AS expiry_date
		FROM licenses l JOIN operators o ON o.id = l.operator_id
		WHERE l.status = 'active' AND l.expiry_date = ${date}::date
		ORDER BY l.id`
