import { Elysia, t } from 'elysia'
import { isBusReachable } from '@lv/bus'
import { isDatabaseReachable } from '@lv/db'
import type { GatewayDeps } from '../app.ts'
import { ErrorEnvelopeModel } from '../models/error.ts'

const HealthBody = t.Object(
	{
		status: t.Union([t.Literal('ok'), t.Literal('unavailable')]),
		checks: t.Object({ database: t.Boolean(), bus: t.Boolean() }),
		timestamp: t.String({ format: 'date-time' })
	},
	{ description: 'Liveness of the service and its backing stores.' }
)

/** One probe of the backing stores serves every /v1/health call of the next second (the route has no per-IP cap). */
export const HEALTH_CACHE_MS = 1_000
/** Each backing store has this long to answer, both at once: a store that does not answer in time is down. */
export const HEALTH_PROBE_TIMEOUT_MS = 1_500

type HealthAnswer = { status: 'ok' | 'unavailable'; checks: { database: boolean; bus: boolean }; timestamp: string }

/** GET /v1/health: 200 when PostgreSQL and NATS answer, 503 otherwise; probed at most once a second per replica. */
export const healthRoutes = ({ sql, bus, clock, healthProbeTimer }: Pick<GatewayDeps, 'sql' | 'bus' | 'clock' | 'healthProbeTimer'>) => {
	let latest: { probedAtMs: number; answer: Promise<HealthAnswer> } | null = null
	async function probe(): Promise<HealthAnswer> {
		const [database, busOk] = await Promise.all([
			isDatabaseReachable(sql, HEALTH_PROBE_TIMEOUT_MS, healthProbeTimer),
			isBusReachable(bus, HEALTH_PROBE_TIMEOUT_MS, healthProbeTimer)
		])
		return { status: database && busOk ? 'ok' : 'unavailable', checks: { database, bus: busOk }, timestamp: clock.now().toISOString() }
	}
	function answer(): Promise<HealthAnswer> {
		const nowMs = clock.nowMs()
		if (latest === null || nowMs < latest.probedAtMs || nowMs - latest.probedAtMs >= HEALTH_CACHE_MS)
			latest = { probedAtMs: nowMs, answer: probe() }
		return latest.answer
	}
	return new Elysia().get(
		'/v1/health',
		async ({ set }) => {
			const health = await answer()
			set.status = health.status === 'ok' ? 200 : 503
			return health
		},
		{
			response: { 200: HealthBody, 503: HealthBody, 500: ErrorEnvelopeModel },
			detail: {
				tags: ['health'],
				security: [],
				summary: 'Liveness probe',
				description:
					'200 when the backing stores are reachable, 503 otherwise. Keyless, no per-IP cap; the answer is probed at most once a second per gateway replica, so `timestamp` may be up to a second old.'
			}
		}
	)
}
