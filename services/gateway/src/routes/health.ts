import { Elysia, t } from 'elysia'
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

/** GET /v1/health: 200 when PostgreSQL and NATS answer, 503 otherwise. */
export const healthRoutes = ({ sql, bus, clock }: Pick<GatewayDeps, 'sql' | 'bus' | 'clock'>) =>
	new Elysia().get(
		'/v1/health',
		async ({ set }) => {
			const database = await isDatabaseReachable(sql, 1_500)
			const busOk = bus.isConnected() && (await bus.nc.flush().then(() => true, () => false))
			const ok = database && busOk
			set.status = ok ? 200 : 503
			return { status: ok ? 'ok' : 'unavailable', checks: { database, bus: busOk }, timestamp: clock.now().toISOString() } as const
		},
		{
			response: { 200: HealthBody, 503: HealthBody, 500: ErrorEnvelopeModel },
			detail: { tags: ['health'], security: [], summary: 'Liveness probe', description: '200 when the backing stores are reachable, 503 otherwise. Keyless, no per-IP cap.' }
		}
	)
