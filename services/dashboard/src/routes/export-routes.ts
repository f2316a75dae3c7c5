import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import { downloadExport, isExportDataset, isExportFormat } from '../gateway/export-download.ts'
import type { GatewayClient } from '../gateway/gateway-client.ts'
import { type ExportView, exportPage, mayExport } from '../pages/export-page.ts'
import { formField } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

export function exportRoutes(deps: DashboardDeps, web: WebContext, gateway: GatewayClient) {
	const { clock, logger } = deps

	const page = (session: Session, view: Partial<ExportView>, status = 200) =>
		htmlResponse(exportPage({ session, csrf: web.csrfFor(session), pricingUrl: deps.config.PRICING_URL, ...view }), { status })

	return new Elysia()
		.get('/export', async ({ request }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, {})
		})

		.post('/export', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, { error: 'This form expired. Please choose the export again.' }, 403)
			if (!mayExport(session)) return page(session, {}, 402)
			const dataset = formField(body, 'dataset')
			const format = formField(body, 'format')
			if (!isExportDataset(dataset) || !isExportFormat(format)) {
				return page(session, { error: 'Choose one of the datasets and formats below.' }, 400)
			}
			const outcome = await downloadExport(gateway, session.accountId, dataset, format, clock.now())
			logger.info('dashboard export', {
				account_id: session.accountId,
				dataset,
				format,
				refused: outcome.ok ? null : outcome.problem.reason
			})
			if (outcome.ok) return outcome.response
			const status = outcome.problem.status !== null && outcome.problem.status < 500 ? outcome.problem.status : 502
			return page(session, { problem: outcome.problem }, status)
		})
}
