import type { Sql } from '@lv/db'

export type CoverageTransition = { code: string; kind: 'coverage_degraded' | 'coverage_restored'; at: Date; detail: null }

/** The coverage events (`coverage.degraded`, `coverage.restored`) the notifier emitted since `since`. */
export function coverageTransitionsSince(sql: Sql, since: Date): Promise<CoverageTransition[]> {
	return sql<CoverageTransition[]>`
		SELECT payload->'data'->>'jurisdiction_code' AS code,
			CASE event_name WHEN 'coverage.degraded' THEN 'coverage_degraded' ELSE 'coverage_restored' END AS kind,
			emitted_at AS at, NULL AS detail
		FROM events WHERE event_name IN ('coverage.degraded', 'coverage.restored') AND emitted_at >= ${since}`
}
