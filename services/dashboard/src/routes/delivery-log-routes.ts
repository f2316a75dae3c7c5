import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { webhookManager } from '../gateway/webhook-manage.ts'
import { deliveriesPage } from '../pages/webhooks-page.ts'
import type { EndpointListing } from '@lv/subscription-store'
import { openedFromAnotherOrigin } from './another-origin.ts'
import { htmlResponse, redirect } from './respond.ts'
import { type WebhookPages, problemStatus } from './webhook-routes.ts'

const RESENT = 'Queued again as a new delivery: it is sent within moments and shows at the top of the log.'

/** GET /webhooks/{id}/deliveries and POST /webhooks/{id}/deliveries/{delivery_id}/resend: the delivery log and Resend. */
export function deliveryLogRoutes({ deps: { logger }, web, gateway, sessionAndEndpoint }: WebhookPages) {
	/** The endpoint's delivery log as the API lists it, with what the last resend did. */
	async function logPage(
		session: Session,
		endpoint: EndpointListing,
		extra: { notice?: string; resendProblem?: GatewayProblem },
		status = 200
	) {
		const outcome = await webhookManager(gateway, session.accountId).deliveries(endpoint.id)
		return htmlResponse(
			deliveriesPage({
				session,
				csrf: web.csrfFor(session),
				endpoint,
				deliveries: outcome.ok ? outcome.value : null,
				...(outcome.ok ? {} : { problem: outcome.problem }),
				...extra
			}),
			{ status }
		)
	}

	return new Elysia()
		.get('/webhooks/:id/deliveries', async ({ request, params, query }) => {
			const found = await sessionAndEndpoint(request, params.id, null)
			if (found instanceof Response) return found
			const elsewhere = openedFromAnotherOrigin(web, request, found.session, { title: 'Delivery log', section: 'webhooks' })
			if (elsewhere) return elsewhere
			return logPage(found.session, found.endpoint, query.notice === 'resent' ? { notice: RESENT } : {})
		})

		.post('/webhooks/:id/deliveries/:delivery_id/resend', async ({ request, params, body }) => {
			const found = await sessionAndEndpoint(request, params.id, { body })
			if (found instanceof Response) return found
			const { session, endpoint } = found
			const outcome = await webhookManager(gateway, session.accountId).resend(endpoint.id, params.delivery_id)
			logger.info('webhook delivery resent', {
				account_id: session.accountId,
				endpoint_id: endpoint.id,
				refused: outcome.ok ? null : outcome.problem.reason
			})
			// Post/Redirect/Get: refreshing the log after a resend shows it again and queues nothing.
			if (outcome.ok) return redirect(`/webhooks/${endpoint.id}/deliveries?notice=resent`)
			return logPage(session, endpoint, { resendProblem: outcome.problem }, problemStatus(outcome.problem))
		})
}
