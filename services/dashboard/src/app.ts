import { Elysia } from 'elysia'
import type { DashboardDeps } from './deps.ts'
import { createGatewayClient } from './gateway/gateway-client.ts'
import { errorPage } from './pages/error-page.ts'
import { assetRoutes } from './routes/asset-routes.ts'
import { llmsRoutes } from './routes/llms-routes.ts'
import { authRoutes } from './routes/auth-routes.ts'
import { connectedAppsRoutes } from './routes/connected-apps-routes.ts'
import { exportRoutes } from './routes/export-routes.ts'
import { keyRoutes } from './routes/key-routes.ts'
import { oauthRoutes } from './routes/oauth-routes.ts'
import { passwordRoutes } from './routes/password-routes.ts'
import { htmlResponse } from './routes/respond.ts'
import { signUpRoutes } from './routes/sign-up-routes.ts'
import { statusRoutes } from './routes/status-routes.ts'
import { webContext } from './routes/web-context.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'

export type { DashboardDeps } from './deps.ts'

/** Bun.serve refuses larger bodies with 413 before the app reads them: the dashboard's forms are a few hundred bytes. */
export const DASHBOARD_MAX_REQUEST_BODY_BYTES = 64 * 1024

/** The whole dashboard without listening; tests call `app.handle(new Request(...))`. */
export function createApp(deps: DashboardDeps) {
	const { logger } = deps
	const web = webContext(deps)
	const gateway = createGatewayClient({
		sql: deps.sql,
		clock: deps.clock,
		logger,
		apiBaseUrl: deps.config.API_BASE_URL,
		fetch: deps.gatewayFetch,
		timeoutMs: deps.config.DASHBOARD_GATEWAY_TIMEOUT_MS
	})

	return new Elysia({ serve: { maxRequestBodySize: DASHBOARD_MAX_REQUEST_BODY_BYTES } })
		.onRequest(({ request, server, set }) => {
			const hsts = web.hstsHeader(request, server)
			if (hsts) set.headers['strict-transport-security'] = hsts
		})
		.onError(({ code, error, request }) => {
			if (code === 'NOT_FOUND') return htmlResponse(errorPage('Page not found', 'There is no page at this address.', null), { status: 404 })
			if (code === 'PARSE' || code === 'VALIDATION' || code === 'INVALID_COOKIE_SIGNATURE') {
				return htmlResponse(errorPage('Request not understood', 'The form could not be read. Go back and submit it again.', null), { status: 400 })
			}
			logger.error('unhandled error', { method: request.method, path: new URL(request.url).pathname, error })
			return htmlResponse(errorPage('Something went wrong', 'The dashboard could not complete this request. Try again in a moment.', null), {
				status: 500
			})
		})
		.use(assetRoutes())
		.use(llmsRoutes(deps))
		.use(authRoutes(deps, web))
		.use(signUpRoutes(deps, web))
		.use(passwordRoutes(deps, web))
		.use(keyRoutes(deps, web))
		.use(webhookRoutes(deps, web, gateway))
		.use(exportRoutes(deps, web, gateway))
		.use(statusRoutes(deps))
		.use(oauthRoutes(deps, web, deps.oauth))
		.use(connectedAppsRoutes(deps, web, deps.oauth))
}

export type DashboardApp = ReturnType<typeof createApp>
