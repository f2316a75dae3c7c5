import type { Sql, TransactionSql } from '@lv/db'

/** The operator's id by slug (already lower case), or null. */
export async function operatorIdBySlug(sql: Sql | TransactionSql, slug: string): Promise<string | null> {
	const [row] = await sql<{ id: string }[]>`SELECT id FROM operators WHERE slug = ${slug}`
	return row?.id ?? null
}

/**
 * For a query over rows that name an operator (`<alias>.operator_id`): joins the operator as `o` and its
 * headline licence as `headline` (columns `status`, `jurisdiction_code`): an active licence if any,
 * otherwise the most recently verified; null columns when it has none.
 */
export const joinOperatorAndHeadlineLicence = (sql: Sql, alias: string) => sql`
	JOIN operators o ON o.id = ${sql(alias)}.operator_id
	LEFT JOIN LATERAL (
		SELECT l.status, l.jurisdiction_code FROM licenses l WHERE l.operator_id = o.id
		ORDER BY (l.status = 'active') DESC, l.last_verified_at DESC, l.id LIMIT 1
	) headline ON true`
