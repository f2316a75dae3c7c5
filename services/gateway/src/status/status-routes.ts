import { Elysia } from 'elysia'
import { serviceUnavailable } from '@lv/errors'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { errorResponses } from '../models/error-responses.ts'
import { cachedFor } from '../routes/recount-cache.ts'
import { checksAvailable } from './checks-probe.ts'
import { StatusModel } from './status-model.ts'
import { readIncidents, readRegisters } from './status-queries.ts'
import { incidentWindowStart, statusRecord } from './status-record.ts'

/** How long one replica reuses a status answer: every caller in that time costs no statement. */
export const STATUS_CACHE_MS = 5_000

export const statusRoutes = (deps: RouteDeps) => {
	const current = cachedFor(deps.clock, STATUS_CACHE_MS, async (now) => {
		try {
			const [registers, incidents, checks] = await Promise.all([
				readRegisters(deps.sql),
				readIncidents(deps.sql, new Date(incidentWindowStart(now))),
				checksAvailable(deps.bus, deps.clock)
			])
			return statusRecord(registers, incidents, now, checks)
		} catch (error) {
			throw serviceUnavailable('dependency_unavailable', 'The service status could not be read. Retry shortly.', error)
		}
	})
	return new Elysia().use(authPlugin(deps.auth)).get(
		'/v1/status',
		({ set }) => {
			set.headers['cache-control'] = `public, max-age=${STATUS_CACHE_MS / 1_000}`
			return current()
		},
		{
			auth: 'none',
			response: { 200: StatusModel, ...errorResponses(500, 503) },
			detail: {
				tags: ['health'],
				summary: 'Public service status',
				description:
					'Whether checks can be answered now (a checker replica answers); per register: last successful read, fresh or stale against its SLA, record counts, and a 30-day timeline; the incidents (failed reads, coverage events) of the last 30 days. No key, no per-IP cap: a key sent is ignored and not charged, and each replica reuses one answer for 5 seconds.',
				security: []
			}
		}
	)
}
