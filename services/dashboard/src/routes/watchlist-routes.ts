import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { watchlistClient } from '../gateway/watchlist-client.ts'
import { type WatchlistView, watchlistPage } from '../pages/watchlist-page.ts'
import { openedFromAnotherOrigin } from './another-origin.ts'
import { EXPIRED_FORM, formField } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

const MAX_QUERY = 200
const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/

/** A refusal of the dashboard's own (a form), shown like the API's. */
const formProblem = (status: number, message: string): GatewayProblem => ({ status, message, code: null, reason: null, resetAt: null })

const statusOf = (problem: GatewayProblem | undefined) =>
	problem === undefined ? 200 : problem.status !== null && problem.status >= 400 && problem.status < 500 ? problem.status : 502

export function watchlistRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const { logger } = deps

	/** The page: the watchlist, search results for `q`, the event timeline; the first refusal of the API is shown. */
	async function page(session: Session, q: string, extra: Pick<WatchlistView, 'notice' | 'problem'> = {}) {
		const client = watchlistClient(gateway, session.accountId)
		const [summary, found, events] = await Promise.all([client.summary(), q === '' ? null : client.search(q), client.events()])
		let problem = extra.problem
		for (const outcome of [summary, found, events]) if (problem === undefined && outcome !== null && !outcome.ok) problem = outcome.problem
		const view: WatchlistView = {
			session,
			csrf: web.csrfFor(session),
			q,
			watchlist: summary.ok ? summary.value : null,
			found: found?.ok ? found.value : null,
			events: events.ok ? events.value : null,
			...(extra.notice ? { notice: extra.notice } : {}),
			...(problem ? { problem } : {})
		}
		return htmlResponse(watchlistPage(view), { status: statusOf(problem) })
	}

	const change =
		(action: 'add' | 'remove') =>
		async ({ request, body }: { request: Request; body: unknown }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, '', { problem: formProblem(403, EXPIRED_FORM) })
			const slug = formField(body, 'slug') ?? ''
			const client = watchlistClient(gateway, session.accountId)
			const outcome = SLUG.test(slug) ? await (action === 'add' ? client.add(slug) : client.remove(slug)) : null
			logger.info('watchlist changed', {
				account_id: session.accountId,
				action,
				refused: outcome?.ok ? null : (outcome?.problem.reason ?? 'invalid_slug')
			})
			if (outcome?.ok) return page(session, '', { notice: action === 'add' ? `Now watching ${slug}.` : `Stopped watching ${slug}.` })
			return page(session, '', { problem: outcome?.problem ?? formProblem(400, 'Choose an operator from the search results.') })
		}

	return new Elysia()
		.get('/watchlist', async ({ request, query }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return (
				openedFromAnotherOrigin(web, request, session, { title: 'Watchlist', section: 'watchlist' }) ??
				page(session, (query.q ?? '').trim().slice(0, MAX_QUERY))
			)
		})
		.post('/watchlist/add', change('add'))
		.post('/watchlist/remove', change('remove'))
}
