import { Elysia } from 'elysia'
import type { DashboardDeps } from '../deps.ts'
import { downloadCheckEvidence } from '../gateway/check-evidence.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import { type EntryView, entryPage } from '../pages/bulk-page.ts'
import { findAccountEntry, jobNotFound } from './bulk-entry.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

/**
 * "Evidence (PDF)" next to a bulk check answer: the entry's domain is checked again as the account
 * with `evidence=true` and the signed record's report is the download. Refusals are the API's own,
 * shown on the entry's page with the API's status.
 */
export function evidenceRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const { sql, logger } = deps

	return new Elysia().post('/bulk/:id/entries/:position/evidence', async ({ request, params, body }) => {
		const session = await web.session(request)
		if (!session) return redirect('/sign-in')
		const entry = await findAccountEntry(sql, session.accountId, params.id, params.position)
		if (!entry || entry.result === null) return jobNotFound(session)
		const page = (status: number, view: Partial<EntryView>) =>
			htmlResponse(entryPage({ session, csrf: web.csrfFor(session), ...entry, ...view }), { status })
		if (!web.sessionCsrfValid(session, body)) return page(403, { error: 'This form expired. Please press the button again.' })
		const outcome = await downloadCheckEvidence(gateway, session.accountId, entry.domain)
		logger.info('dashboard evidence', {
			account_id: session.accountId,
			job_id: entry.job.id,
			position: entry.position,
			refused: outcome.ok ? null : (outcome.problem.reason ?? outcome.problem.status)
		})
		if (outcome.ok) return outcome.response
		const status = outcome.problem.status !== null && outcome.problem.status < 500 ? outcome.problem.status : 502
		return page(status, { problem: outcome.problem })
	})
}
