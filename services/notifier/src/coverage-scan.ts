import { HOUR } from '@lv/clock'
import type { EventEnvelope } from '@lv/contracts'
import type { Sql } from '@lv/db'
import { registerHealth } from '@lv/register-store'
import { newEvent } from './new-event.ts'
import { recordEventIn } from './record-event.ts'

export type JurisdictionFreshness = {
	code: string
	slaHours: number
	lastSuccessfulReadAt: Date | null
	/** Whole hours since the last successful read; null when the register was never read. */
	ageHours: number | null
	/** Fresh while `ageHours` is below `slaHours` (SPEC coverage rule); never-read counts as not fresh. */
	fresh: boolean
}

export function freshnessOf(code: string, slaHours: number, lastSuccessfulReadAt: Date | null, now: Date): JurisdictionFreshness {
	const ageHours = lastSuccessfulReadAt === null ? null : Math.max(0, Math.floor((now.getTime() - lastSuccessfulReadAt.getTime()) / HOUR))
	return { code, slaHours, lastSuccessfulReadAt, ageHours, fresh: ageHours !== null && ageHours < slaHours }
}

/**
 * Compares each jurisdiction's freshness with the state last seen (`coverage_state`) and emits
 * `coverage.degraded` when it turns stale and `coverage.restored` when it is fresh again.
 * The first observation of a jurisdiction only records the baseline. The conditional upsert makes
 * exactly one replica see each transition.
 */
export async function runCoverageScan(sql: Sql, now: Date): Promise<EventEnvelope[]> {
	const rows = await registerHealth(sql)
	const emitted: EventEnvelope[] = []
	for (const row of rows) {
		const state = freshnessOf(row.code, row.sla_hours, row.last_successful_read_at, now)
		const envelope = newEvent(
			state.fresh ? 'coverage.restored' : 'coverage.degraded',
			{
				jurisdiction_code: state.code,
				status: state.fresh ? 'healthy' : 'degraded',
				fresh: state.fresh,
				last_successful_scrape: state.lastSuccessfulReadAt?.toISOString() ?? null,
				age_hours: state.ageHours,
				sla_hours: state.slaHours,
				detected_at: now.toISOString()
			},
			now
		)
		const transitioned = await sql.begin(async (tx) => {
			const changed = await tx<{ inserted: boolean }[]>`
				INSERT INTO coverage_state (jurisdiction_code, fresh, changed_at) VALUES (${state.code}, ${state.fresh}, ${now})
				ON CONFLICT (jurisdiction_code) DO UPDATE SET fresh = EXCLUDED.fresh, changed_at = EXCLUDED.changed_at
				WHERE coverage_state.fresh IS DISTINCT FROM EXCLUDED.fresh
				RETURNING (xmax = 0) AS inserted`
			if (changed.length === 0 || changed[0]?.inserted) return false
			await recordEventIn(tx, envelope, now)
			return true
		})
		if (transitioned) emitted.push(envelope)
	}
	return emitted
}
