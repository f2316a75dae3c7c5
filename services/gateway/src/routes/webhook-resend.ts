import { Elysia, t } from 'elysia'
import type { RouteDeps } from '../app.ts'
import { authPlugin } from '../auth/plugin.ts'
import { errorModels } from '../models/watchlist.ts'
import { WebhookDeliveryModel } from '../models/webhooks.ts'
import { findEndpoint } from '../webhooks/endpoint-store.ts'
import { resendEndpointDelivery } from '../webhooks/resend.ts'
import { keyedCaller } from './watchlist.ts'

const ResendParams = t.Object({
	id: t.String({ description: 'Endpoint id (uuid).', examples: ['3f0c8a4e-2b8f-4a56-9d1e-1f2a3b4c5d6e'] }),
	delivery_id: t.String({
		description: 'Delivery id (uuid), from the endpoint’s delivery list.',
		examples: ['8d7e6f5a-4b3c-4d2e-9f1a-0b9c8d7e6f5a']
	})
})

/** POST /v1/webhooks/{id}/deliveries/{delivery_id}/resend. */
export const webhookResendRoutes = (deps: RouteDeps) =>
	new Elysia({ name: 'webhook-resend-routes' }).use(authPlugin(deps.auth)).post(
		'/v1/webhooks/:id/deliveries/:delivery_id/resend',
		async ({ caller, params, set }) => {
			const endpoint = await findEndpoint(deps.sql, keyedCaller(caller).accountId, params.id)
			const delivery = await resendEndpointDelivery(deps.sql, endpoint, params.delivery_id, deps.clock.now())
			set.status = 201
			return delivery
		},
		{
			auth: 'required',
			params: ResendParams,
			response: { 201: WebhookDeliveryModel, ...errorModels(400, 401, 402, 404, 409, 429, 500, 503) },
			detail: {
				tags: ['webhooks'],
				summary: 'Resend a delivery',
				description: [
					'Queues the event of a delivered or abandoned delivery again for the same endpoint, as a new delivery (201 with it, `pending`, due now). It is sent like every delivery: the URL policy is applied at the attempt, it is signed with the endpoint’s active secrets, and it has its own id (`X-Webhook-Delivery-Id`) and attempt count; the envelope and its `event_id` are the original ones, so a receiver that already has the event can drop it.',
					"404 `webhook_not_found` for an unknown endpoint or another account's; 404 `delivery_not_found` (field `delivery_id`) for a delivery that is not this endpoint's. 409 `invalid_query` with reason `endpoint_inactive` (the endpoint is deactivated), `delivery_in_progress` (still pending or failed with a retry scheduled), `event_expired` (the event is past the 30 days events are kept) or `event_withdrawn` (the event was withdrawn: nothing of it is sent again)."
				].join('\n\n'),
				security: [{ apiKey: [] }]
			}
		}
	)
