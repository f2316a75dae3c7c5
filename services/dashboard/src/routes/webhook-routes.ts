import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import { sendWebhookTest } from '../gateway/webhook-test.ts'
import { type WebhooksView, webhooksPage } from '../pages/webhooks-page.ts'
import { listWebhookEndpoints } from '../store/webhook-endpoints.ts'
import { UUID } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

export function webhookRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const { sql, logger } = deps

	const page = async (session: Session, view: Partial<WebhooksView>, status = 200) =>
		htmlResponse(
			webhooksPage({
				session,
				csrf: web.csrfFor(session),
				apiBaseUrl: deps.config.API_BASE_URL,
				endpoints: await listWebhookEndpoints(sql, session.accountId),
				...view
			}),
			{ status }
		)

	return new Elysia()
		.get('/webhooks', async ({ request }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, {})
		})

		.post('/webhooks/:id/test', async ({ request, body, params }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, { error: 'This form expired. Please send the test again.' }, 403)
			const endpoints = await listWebhookEndpoints(sql, session.accountId)
			if (!UUID.test(params.id) || !endpoints.some((endpoint) => endpoint.id === params.id)) {
				return page(session, { error: 'That webhook endpoint does not exist (it may have been deleted).' }, 404)
			}
			const outcome = await sendWebhookTest(gateway, session.accountId, params.id)
			logger.info('webhook test sent', {
				account_id: session.accountId,
				endpoint_id: params.id,
				delivered: outcome.ok ? outcome.result.delivered : null,
				refused: outcome.ok ? null : outcome.problem.reason
			})
			return page(session, { test: { endpointId: params.id, outcome } })
		})
}
