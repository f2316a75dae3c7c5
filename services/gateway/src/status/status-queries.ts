import type { Sql } from '@lv/db'
import { coverageTransitionsSince } from '@lv/notification-store'
import { failedReadsSince, registerHealth } from '@lv/register-store'
import { inStatementSpan } from '@lv/tracing'
import type { IncidentRow, RegisterRow } from './status-record.ts'

export function readRegisters(sql: Sql): Promise<RegisterRow[]> {
	return inStatementSpan('db read register status', () => registerHealth(sql))
}

/** Failed reader runs and coverage transitions (notifier events) since `since`. */
export function readIncidents(sql: Sql, since: Date): Promise<IncidentRow[]> {
	return inStatementSpan('db read incidents', async () => {
		const [failedReads, transitions] = await Promise.all([failedReadsSince(sql, since), coverageTransitionsSince(sql, since)])
		return [...failedReads, ...transitions]
	})
}
