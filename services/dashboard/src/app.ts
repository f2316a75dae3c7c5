import { Elysia } from 'elysia'
import { isDatabaseUnavailable } from '@lv/db'
import { BULK_UPLOAD_MAX_BYTES } from '@lv/bulk-check'
import type { DashboardDeps } from './deps.ts'
import { createGatewayClient } from './gateway/gateway-client.ts'
import { errorPage } from './pages/error-page.ts'
import { assetRoutes } from './routes/asset-routes.ts'
import { llmsRoutes } from './routes/llms-routes.ts'
import { passwordHashing } from './auth/passwords.ts'
import { authRoutes } from './routes/auth-routes.ts'
import { bulkRoutes } from './routes/bulk-routes.ts'
import { connectedAppsRoutes } from './routes/connected-apps-routes.ts'
import { evidenceRoutes } from './routes/evidence-routes.ts'
import { exportRoutes } from './routes/export-routes.ts'
import { keyRoutes } from './routes/key-routes.ts'
import { oauthRoutes } from './routes/oauth-routes.ts'
import { passwordRoutes } from './routes/password-routes.ts'
import { htmlResponse } from './routes/respond.ts'
import { signUpRoutes } from './routes/sign-up-routes.ts'
import { statusRoutes } from './routes/status-routes.ts'
import { webContext } from './routes/web-context.ts'
import { usageRoutes } from './routes/usage-routes.ts'
import { watchlistRoutes } from './routes/watchlist-routes.ts'
import { webhookRoutes } from './routes/webhook-routes.ts'

export type { DashboardDeps } from './deps.ts'

/** The dashboard's forms are a few hundred bytes; a bulk check upload may be up to BULK_UPLOAD_MAX_BYTES (plus the form around it). */
export const DASHBOARD_MAX_FORM_BYTES = 64 * 1024
const BULK_UPLOAD_REQUEST_BYTES = BULK_UPLOAD_MAX_BYTES + DASHBOARD_MAX_FORM_BYTES
/**
 * Bun.serve refuses bodies past this with a bare 413 before the app runs. It is set far above the
 * upload limit so that an oversized upload (a 100 MB file) reaches the check below, which refuses
 * it by its Content-Length, unread, with a page that says why.
 */
export const DASHBOARD_MAX_REQUEST_BODY_BYTES = 256 * 1024 * 1024

const bodyLimitFor = (request: Request) =>
	request.method === 'POST' && new URL(request.url).pathname === '/bulk' ? BULK_UPLOAD_REQUEST_BYTES : DASHBOARD_MAX_FORM_BYTES

/**
 * A 413 page for a body over its route's limit, from Content-Length alone. A streamed body of
 * unstated length (Transfer-Encoding) is refused the same way: browsers state the length of a form.
 */
function tooLarge(request: Request): Response | null {
	const stated = request.headers.get('content-length')
	const limit = bodyLimitFor(request)
	if (stated === null ? !request.headers.has('transfer-encoding') : Number(stated) <= limit) return null
	const message =
		limit === BULK_UPLOAD_REQUEST_BYTES
			? `The file is too large: the limit is ${BULK_UPLOAD_MAX_BYTES / 1024 / 1024} MB. Split the list into smaller files; nothing was read.`
			: 'The form is too large to be read.'
	return htmlResponse(errorPage('Upload too large', message, null), { status: 413 })
}

/** The whole dashboard without listening; tests call `app.handle(new Request(...))`. */
export function createApp(deps: DashboardDeps) {
	const { logger } = deps
	const web = webContext(deps)
	const passwords = passwordHashing(deps.passwordHashCost)
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
			// Pages set it themselves; this covers the JSON, redirects and plain text as well.
			set.headers['x-content-type-options'] = 'nosniff'
			const hsts = web.hstsHeader(request, server)
			if (hsts) set.headers['strict-transport-security'] = hsts
			return tooLarge(request) ?? undefined
		})
		.onError(({ code, error, request }) => {
			if (code === 'NOT_FOUND') return htmlResponse(errorPage('Page not found', 'There is no page at this address.', null), { status: 404 })
			if (code === 'PARSE' || code === 'VALIDATION' || code === 'INVALID_COOKIE_SIGNATURE') {
				return htmlResponse(errorPage('Request not understood', 'The form could not be read. Go back and submit it again.', null), {
					status: 400
				})
			}
			if (isDatabaseUnavailable(error)) {
				logger.warn('database unavailable', { method: request.method, path: new URL(request.url).pathname, error })
				return htmlResponse(
					errorPage('Temporarily unavailable', 'The dashboard cannot reach its data right now. Try again in a moment.', null),
					{ status: 503 }
				)
			}
			logger.error('unhandled error', { method: request.method, path: new URL(request.url).pathname, error })
			return htmlResponse(
				errorPage('Something went wrong', 'The dashboard could not complete this request. Try again in a moment.', null),
				{
					status: 500
				}
			)
		})
		.use(assetRoutes())
		.use(llmsRoutes(deps))
		.use(authRoutes(deps, web, passwords))
		.use(signUpRoutes(deps, web, passwords))
		.use(passwordRoutes(deps, web, passwords))
		.use(keyRoutes(deps, web))
		.use(bulkRoutes(deps, web, gateway))
		.use(usageRoutes(deps, web, gateway))
		.use(evidenceRoutes(deps, web, gateway))
		.use(watchlistRoutes(deps, web, gateway))
		.use(webhookRoutes(deps, web, gateway))
		.use(exportRoutes(deps, web, gateway))
		.use(statusRoutes(deps))
		.use(oauthRoutes(deps, web, deps.oauth))
		.use(connectedAppsRoutes(deps, web, deps.oauth))
}

export type DashboardApp = ReturnType<typeof createApp>
