import { Elysia } from 'elysia'
import type { DashboardDeps } from '../deps.ts'
import { readServiceStatus } from '../gateway/service-status.ts'
import { statusPage } from '../pages/status-page.ts'
import { htmlResponse } from './respond.ts'

/** GET /status: public, no sign-in; 503 when the gateway's status could not be read. */
export function statusRoutes(deps: DashboardDeps) {
	return new Elysia().get('/status', async () => {
		const status = await readServiceStatus({
			apiBaseUrl: deps.config.API_BASE_URL,
			fetch: deps.gatewayFetch,
			timeoutMs: deps.config.DASHBOARD_GATEWAY_TIMEOUT_MS,
			logger: deps.logger
		})
		return htmlResponse(statusPage(status, deps.clock.now()), { status: status === null ? 503 : 200 })
	})
}
