import { listDeliveries } from '@lv/notification-store'
import { Elysia } from 'elysia'
import type { RouteDeps } from '../app.ts'
import { eachParameterOnce } from '../lookup/query-once.ts'
import { BODY_LIMITS, bodyLimitNote, jsonBodyWithin } from '../body-limit.ts'
import { authPlugin } from '../auth/plugin.ts'
import { errorModels } from '../models/watchlist.ts'
import {
	CreateWebhookBody,
	CreatedWebhookModel,
	DeliveriesQuery,
	DeliveryListModel,
	RotatedSecretModel,
	TestPingModel,
	UpdateWebhookBody,
	WebhookEndpointModel,
	WebhookIdParams,
	WebhookListModel
} from '../models/webhooks.ts'
import { parseDeliveriesQuery } from '../webhooks/deliveries.ts'
import { createEndpoint, deleteEndpoint, findEndpoint, listEndpoints, rotateSecret, updateEndpoint } from '../webhooks/endpoint-store.ts'
import { sendTestPing } from '../webhooks/test-ping.ts'
import { type ResolvedWebhookSettings, resolveWebhookSettings } from '../webhooks/webhook-settings.ts'
import { keyedCaller } from './watchlist.ts'

const security = [{ apiKey: [] }]
const tags = ['webhooks']

/** POST/GET /v1/webhooks, PATCH/DELETE /v1/webhooks/{id}, rotate_secret, deliveries and test. */
export const webhookRoutes = (deps: RouteDeps) => {
	const settings = lazySettings(deps)
	return new Elysia({ name: 'webhook-routes' })
		.use(endpointRoutes(deps, settings))
		.use(endpointChangeRoutes(deps, settings))
		.use(endpointActivityRoutes(deps, settings))
}

type Settings = () => ResolvedWebhookSettings

/** Resolved on first use, so a gateway without WEBHOOK_SECRET_KEY serves every other route. */
function lazySettings(deps: RouteDeps): Settings {
	let resolved: ResolvedWebhookSettings | undefined
	return () => {
		if (deps.webhooks === undefined) throw new Error('webhook settings (WEBHOOK_SECRET_KEY) are not configured')
		resolved ??= resolveWebhookSettings(deps.webhooks)
		return resolved
	}
}

/** POST and GET /v1/webhooks. */
function endpointRoutes({ sql, clock, auth }: RouteDeps, settings: Settings) {
	return new Elysia()
		.use(authPlugin(auth))
		.post(
			'/v1/webhooks',
			async ({ caller, body, set }) => {
				const { accountId, plan } = keyedCaller(caller)
				const created = await createEndpoint(sql, settings(), {
					accountId,
					plan,
					url: body.url,
					events: body.events,
					watchlistOnly: body.watchlist_only,
					description: body.description,
					now: clock.now()
				})
				set.status = 201
				return created
			},
			{
				auth: 'required',
				parse: jsonBodyWithin(BODY_LIMITS.webhook, CreateWebhookBody),
				body: CreateWebhookBody,
				response: { 201: CreatedWebhookModel, ...errorModels(400, 401, 402, 403, 413, 429, 500, 503) },
				detail: {
					tags,
					summary: 'Create a webhook endpoint',
					description: [
						'201 with the endpoint and its `secret` (`whsec_…`, shown once; stored encrypted).',
						'The URL policy runs first (400 `invalid_query` with `details.field: url` and `details.reason` one of `invalid_url`, `empty_host`, `invalid_scheme`, `blocked_hostname`, `unresolvable_host`, `private_ip_blocked`), then event names (400 `invalid_event_type`, field `events`; the reserved `webhook.endpoint_degraded` is accepted), then the plan check (403 `quota_exceeded` / `webhook_quota_exceeded`: active endpoints Starter 2, Pro 10, Business 50, Enterprise unlimited).',
						'`watchlist_only` (default true) limits `license.*` and `regulatory_action.*` to operators on your watchlist; `coverage.*` ignore it.',
						bodyLimitNote(BODY_LIMITS.webhook)
					].join('\n\n'),
					security
				}
			}
		)
		.get('/v1/webhooks', async ({ caller }) => ({ endpoints: await listEndpoints(sql, keyedCaller(caller).accountId) }), {
			auth: 'required',
			response: { 200: WebhookListModel, ...errorModels(400, 401, 402, 429, 500, 503) },
			detail: { tags, summary: 'List webhook endpoints', description: 'Oldest first; secrets are never shown again.', security }
		})
}

/** PATCH and DELETE /v1/webhooks/{id}, POST /v1/webhooks/{id}/rotate_secret. */
function endpointChangeRoutes({ sql, clock, auth }: RouteDeps, settings: Settings) {
	return new Elysia()
		.use(authPlugin(auth))
		.patch(
			'/v1/webhooks/:id',
			async ({ caller, params, body }) => {
				const { accountId, plan } = keyedCaller(caller)
				return updateEndpoint(sql, settings(), { accountId, plan, id: params.id, patch: body, now: clock.now() })
			},
			{
				auth: 'required',
				params: WebhookIdParams,
				parse: jsonBodyWithin(BODY_LIMITS.webhook, UpdateWebhookBody),
				body: UpdateWebhookBody,
				response: { 200: WebhookEndpointModel, ...errorModels(400, 401, 402, 403, 404, 413, 429, 500, 503) },
				detail: {
					tags,
					summary: 'Update a webhook endpoint',
					description: `Only the fields sent change; \`description: null\` clears it. A changed \`url\` passes the URL policy again. Re-activating an endpoint is plan-checked (403 \`webhook_quota_exceeded\`). Another account's endpoint is 404 \`webhook_not_found\`.\n\n${bodyLimitNote(BODY_LIMITS.webhook)}`,
					security
				}
			}
		)
		.delete(
			'/v1/webhooks/:id',
			async ({ caller, params, set }) => {
				await deleteEndpoint(sql, keyedCaller(caller).accountId, params.id)
				set.status = 204
				return new Response(null, { status: 204 })
			},
			{
				auth: 'required',
				params: WebhookIdParams,
				response: {
					204: { description: 'Deleted with its secrets and deliveries.' } as never,
					...errorModels(400, 401, 402, 404, 429, 500, 503)
				},
				detail: {
					tags,
					summary: 'Delete a webhook endpoint',
					description:
						"204; its secrets and its whole delivery history, pending deliveries included, are removed. 404 `webhook_not_found` if unknown or another account's.",
					security
				}
			}
		)
		.post(
			'/v1/webhooks/:id/rotate_secret',
			async ({ caller, params }) =>
				rotateSecret(sql, settings(), { accountId: keyedCaller(caller).accountId, id: params.id, now: clock.now() }),
			{
				auth: 'required',
				params: WebhookIdParams,
				response: { 200: RotatedSecretModel, ...errorModels(400, 401, 402, 404, 429, 500, 503) },
				detail: {
					tags,
					summary: 'Rotate the signing secret',
					description:
						'Issues a new secret (shown once). The previous secret keeps signing for 7 days (`previous_secret_expires_at`); meanwhile every delivery carries one `v1=` per active secret. After that only the new secret signs.',
					security
				}
			}
		)
}

/** GET /v1/webhooks/{id}/deliveries and POST /v1/webhooks/{id}/test. */
function endpointActivityRoutes({ sql, clock, auth }: RouteDeps, settings: Settings) {
	return new Elysia()
		.use(authPlugin(auth))
		.get(
			'/v1/webhooks/:id/deliveries',
			async ({ caller, params, query }) => {
				const endpoint = await findEndpoint(sql, keyedCaller(caller).accountId, params.id)
				return { deliveries: await listDeliveries(sql, endpoint.id, parseDeliveriesQuery(query)) }
			},
			{
				auth: 'required',
				params: WebhookIdParams,
				...eachParameterOnce(DeliveriesQuery),
				response: { 200: DeliveryListModel, ...errorModels(400, 401, 402, 404, 429, 500, 503) },
				detail: {
					tags,
					summary: 'List deliveries of an endpoint',
					description:
						'Newest first. `status`: `all` (default), `pending`, `delivered`, `failed` (last attempt failed, retry scheduled), `abandoned` (no further attempt: `abandoned_reason` `attempts_exhausted` after 7 failed attempts, `event_withdrawn` when the event was withdrawn before its next attempt). `limit` 1–200, default 100. Finished deliveries are kept 30 days.',
					security
				}
			}
		)
		.post(
			'/v1/webhooks/:id/test',
			async ({ caller, params }) => {
				const endpoint = await findEndpoint(sql, keyedCaller(caller).accountId, params.id)
				return sendTestPing(sql, settings(), clock, endpoint)
			},
			{
				auth: 'required',
				params: WebhookIdParams,
				response: { 200: TestPingModel, ...errorModels(400, 401, 402, 404, 409, 429, 500, 503) },
				detail: {
					tags,
					summary: 'Send a test ping',
					description:
						'Sends a signed `test.ping` envelope (`livemode` false) with the active secrets and every delivery header; creates no event or delivery. 200 whatever the receiver answered; 409 `invalid_query` / `no_active_secret` when no secret is valid.',
					security
				}
			}
		)
}
