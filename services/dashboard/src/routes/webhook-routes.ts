import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { type EndpointInput, webhookManager } from '../gateway/webhook-manage.ts'
import { sendWebhookTest } from '../gateway/webhook-test.ts'
import { type WebhooksView, webhooksPage } from '../pages/webhooks-page.ts'
import { deliveryLogRoutes } from './delivery-log-routes.ts'
import { type EndpointListing, listWebhookEndpoints } from '@lv/subscription-store'
import { EXPIRED_FORM, UUID, formField, formList } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

/** The webhook pages: the endpoint list and forms, pause/resume/delete/rotate, the delivery log and the test send. */
export function webhookRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const pages = webhookPages(deps, web, gateway)
	return new Elysia()
		.use(endpointFormRoutes(pages))
		.use(endpointChangeRoutes(pages))
		.use(endpointActivityRoutes(pages))
		.use(deliveryLogRoutes(pages))
}

export type WebhookPages = ReturnType<typeof webhookPages>

/** A refusal keeps the API's status (a 4xx) on the page; a gateway failure is a 502. */
export const problemStatus = (problem: GatewayProblem) =>
	problem.status !== null && problem.status >= 400 && problem.status < 500 ? problem.status : 502

/** What every webhook route answers with: the list page, a refusal on it, and the endpoint named in the path. */
function webhookPages(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const { sql } = deps

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

	const refused = (session: Session, problem: GatewayProblem) => page(session, { problem }, problemStatus(problem))

	/**
	 * The signed-in session and the account's endpoint named in the path, or the page to answer with instead.
	 * `form` is null for a page read (GET); a submitted form must carry the CSRF token, a form with no body included.
	 */
	async function sessionAndEndpoint(
		request: Request,
		id: string,
		form: { body: unknown } | null
	): Promise<{ session: Session; endpoint: EndpointListing } | Response> {
		const session = await web.session(request)
		if (!session) return redirect('/sign-in')
		if (form !== null && !web.sessionCsrfValid(session, form.body)) return page(session, { error: EXPIRED_FORM }, 403)
		const endpoint = UUID.test(id)
			? (await listWebhookEndpoints(sql, session.accountId)).find((candidate) => candidate.id === id)
			: undefined
		return endpoint
			? { session, endpoint }
			: page(session, { error: 'That webhook endpoint does not exist (it may have been deleted).' }, 404)
	}

	return { deps, web, gateway, page, refused, sessionAndEndpoint }
}

/** The create and edit forms as the API's body: the URL as typed (the API applies its URL policy), events ticked, description or null. */
function endpointInput(body: unknown): EndpointInput {
	const description = (formField(body, 'description') ?? '').trim()
	return {
		url: (formField(body, 'url') ?? '').trim(),
		events: formList(body, 'events'),
		description: description === '' ? null : description
	}
}

/** GET and POST /webhooks, POST /webhooks/{id}/update: the list with its create and edit forms. */
function endpointFormRoutes({ deps: { logger }, web, gateway, page, refused, sessionAndEndpoint }: WebhookPages) {
	return new Elysia()
		.get('/webhooks', async ({ request }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, {})
		})

		.post('/webhooks', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, { error: EXPIRED_FORM }, 403)
			const outcome = await webhookManager(gateway, session.accountId).create(endpointInput(body))
			logger.info('webhook endpoint created', { account_id: session.accountId, refused: outcome.ok ? null : outcome.problem.reason })
			if (!outcome.ok) return refused(session, outcome.problem)
			return page(session, { notice: 'Endpoint created.', secret: { endpointId: outcome.value.id, value: outcome.value.secret } }, 201)
		})

		.post('/webhooks/:id/update', async ({ request, params, body }) => {
			const found = await sessionAndEndpoint(request, params.id, { body })
			if (found instanceof Response) return found
			const outcome = await webhookManager(gateway, found.session.accountId).update(found.endpoint.id, endpointInput(body))
			return outcome.ok ? page(found.session, { notice: 'Endpoint saved.' }) : refused(found.session, outcome.problem)
		})
}

/** POST /webhooks/{id}/pause, resume, delete and rotate. */
function endpointChangeRoutes({ deps: { logger }, gateway, page, refused, sessionAndEndpoint }: WebhookPages) {
	/** One change through the API, then back to the list with a notice (or the refusal on the page). */
	const change =
		(action: 'pause' | 'resume' | 'delete', notice: string) =>
		async ({ request, params, body }: { request: Request; params: { id: string }; body: unknown }) => {
			const found = await sessionAndEndpoint(request, params.id, { body })
			if (found instanceof Response) return found
			const manager = webhookManager(gateway, found.session.accountId)
			const outcome =
				action === 'delete'
					? await manager.remove(found.endpoint.id)
					: await manager.update(found.endpoint.id, { active: action === 'resume' })
			logger.info('webhook endpoint changed', {
				account_id: found.session.accountId,
				endpoint_id: found.endpoint.id,
				action,
				refused: outcome.ok ? null : outcome.problem.reason
			})
			return outcome.ok ? page(found.session, { notice }) : refused(found.session, outcome.problem)
		}

	return new Elysia()
		.post('/webhooks/:id/pause', change('pause', 'Endpoint paused: no deliveries until you resume it.'))
		.post('/webhooks/:id/resume', change('resume', 'Endpoint resumed.'))
		.post('/webhooks/:id/delete', change('delete', 'Endpoint deleted.'))

		.post('/webhooks/:id/rotate', async ({ request, params, body }) => {
			const found = await sessionAndEndpoint(request, params.id, { body })
			if (found instanceof Response) return found
			const outcome = await webhookManager(gateway, found.session.accountId).rotate(found.endpoint.id)
			if (!outcome.ok) return refused(found.session, outcome.problem)
			return page(found.session, {
				notice: 'Secret rotated: the previous one keeps signing for 7 days.',
				secret: { endpointId: found.endpoint.id, value: outcome.value.secret }
			})
		})
}

/** POST /webhooks/{id}/test: a test send. */
function endpointActivityRoutes({ deps: { sql, logger }, web, gateway, page }: WebhookPages) {
	return new Elysia().post('/webhooks/:id/test', async ({ request, body, params }) => {
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
