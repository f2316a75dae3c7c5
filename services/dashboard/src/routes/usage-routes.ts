import { Elysia } from 'elysia'
import type { DashboardDeps } from '../deps.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import { readUsageAsAccount } from '../gateway/usage-client.ts'
import { usagePage } from '../pages/usage-page.ts'
import { openedFromAnotherOrigin } from './another-origin.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

const MONTH = /^\d{4}-\d{2}$/

/** GET /usage: the account's usage as GET /v1/usage answers it; `month` is checked by the API, whose refusal the page shows. */
export function usageRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	return new Elysia().get('/usage', async ({ request, query }) => {
		const session = await web.session(request)
		if (!session) return redirect('/sign-in')
		const elsewhere = openedFromAnotherOrigin(web, request, session, { title: 'Usage', section: 'usage' })
		if (elsewhere) return elsewhere
		const asked = typeof query.month === 'string' ? query.month.slice(0, 20) : null
		const currentMonth = deps.clock.now().toISOString().slice(0, 7)
		const answer = await readUsageAsAccount(gateway, session.accountId, asked)
		const problem = answer.ok ? undefined : answer.problem
		const status = problem === undefined ? 200 : problem.status !== null && problem.status < 500 ? problem.status : 502
		const page = usagePage({
			session,
			csrf: web.csrfFor(session),
			usage: answer.ok ? answer.value : null,
			month: answer.ok ? (answer.value.months[0]?.month ?? currentMonth) : asked && MONTH.test(asked) ? asked : currentMonth,
			currentMonth,
			...(problem ? { problem } : {})
		})
		return htmlResponse(page, { status })
	})
}
