import type { Bus } from '@lv/bus'
import type { Clock } from '@lv/clock'
import type { Sql } from '@lv/db'
import type { Logger } from '@lv/logger'
import { announce } from './announce.ts'
import { abandonStalled } from './claim-deliveries.ts'
import { runCoverageScan } from './coverage-scan.ts'
import { runExpiryScan } from './expiry-scan.ts'
import { type PurgeResult, purgeExpired } from './retention.ts'

export type MaintenanceResult = { expiring: number; coverage: number; purged: PurgeResult; stalledAbandoned: number }

export type MaintenanceOptions = { sql: Sql; bus?: Bus; clock: Clock; logger: Logger; onDeliveriesQueued?: () => void }

/**
 * One pass of the periodic jobs, on the injected clock: expiry notices, coverage transitions,
 * the 30-day purge and stalled last attempts. Every part is safe to run on every replica at once.
 */
export async function runMaintenance(options: MaintenanceOptions): Promise<MaintenanceResult> {
	const { sql, clock, logger } = options
	const now = clock.now()
	const expiring = await runExpiryScan(sql, now)
	const coverage = await runCoverageScan(sql, now)
	if (expiring.length + coverage.length > 0) options.onDeliveriesQueued?.()
	await announce(options.bus, [...expiring, ...coverage], logger)
	const purged = await purgeExpired(sql, now)
	const stalledAbandoned = await abandonStalled(sql, now)
	return { expiring: expiring.length, coverage: coverage.length, purged, stalledAbandoned }
}
