import type { Sql } from '@lv/db'

/** Verdicts whose match is a licence able to cover the site (SPEC: automatic approval is advised only on these). */
export const LICENSED_VERDICTS = ['licensed', 'licensed_provisional'] as const

/** The distinct operators of a job's licensed answers, by slug, in the order the list first names them. */
export async function licensedOperatorSlugs(sql: Sql, jobId: string): Promise<string[]> {
	const rows = await sql<{ slug: string }[]>`
		SELECT slug FROM (
			SELECT operator_slug AS slug, min(position) AS first
			FROM bulk_check_results
			WHERE job_id = ${jobId} AND verdict IN ${sql(LICENSED_VERDICTS)} AND operator_slug IS NOT NULL
			GROUP BY 1
		) operators ORDER BY first`
	return rows.map((row) => row.slug)
}
