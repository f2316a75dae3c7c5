import type { Sql } from '@lv/db'
import { inStatementSpan } from '@lv/tracing'
import type { IncidentRow, RegisterRow } from './status-record.ts'

export async function readRegisters(sql: Sql): Promise<RegisterRow[]> {
	return inStatementSpan(
		'db read register status',
		() =>
			sql<RegisterRow[]>`
			SELECT j.code, j.name, j.sla_hours, s.last_successful_read_at,
				coalesce(s.license_count, 0) AS licence_count, coalesce(s.operator_count, 0) AS operator_count, coalesce(s.domain_count, 0) AS domain_count
			FROM jurisdictions j LEFT JOIN register_status s ON s.jurisdiction_code = j.code
			ORDER BY j.position, j.code`
	)
}

/** Failed reader runs and coverage transitions (notifier events) since `since`. */
export async function readIncidents(sql: Sql, since: Date): Promise<IncidentRow[]> {
	return inStatementSpan(
		'db read incidents',
		() =>
			sql<IncidentRow[]>`
			SELECT jurisdiction_code AS code, 'read_failed' AS kind, started_at AS at, failure_reason AS detail
			FROM reader_runs WHERE outcome = 'failed' AND started_at >= ${since}
			UNION ALL
			SELECT payload->'data'->>'jurisdiction_code' AS code,
				CASE event_name WHEN 'coverage.degraded' THEN 'coverage_degraded' ELSE 'coverage_restored' END AS kind,
				emitted_at AS at, NULL AS detail
			FROM events WHERE event_name IN ('coverage.degraded', 'coverage.restored') AND emitted_at >= ${since}`
	)
}
