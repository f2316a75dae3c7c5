import type { Session } from '../auth/sessions.ts'
import { EXPORT_DATASETS, EXPORT_FORMATS, type ExportDataset, type ExportFormat } from '../gateway/export-download.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'
import { problemText } from './problem.ts'

const DATASET_LABELS: Record<ExportDataset, { title: string; about: string }> = {
	licences: { title: 'Licences', about: 'Every licence with its status and the provenance of that status.' },
	operators: { title: 'Operators', about: 'Every operator with its names and jurisdictions.' },
	domains: { title: 'Domains', about: 'Every domain linked to an operator by a register.' }
}
const FORMAT_LABELS: Record<ExportFormat, string> = { csv: 'CSV', json: 'NDJSON' }

/** Plans whose `exports_per_day` is 0 may not export (Starter, legacy trial); null means no cap. */
export const mayExport = (session: Session) => session.plan !== null && session.plan.exportsPerDay !== 0

export type ExportView = { session: Session; csrf: string; pricingUrl: string; problem?: GatewayProblem; error?: string }

function capText(session: Session): string {
	const cap = session.plan?.exportsPerDay
	return cap === null || cap === undefined
		? 'Your plan has no daily export cap.'
		: `Your plan allows ${cap} exports per UTC day, shared between this page and the API (GET /v1/export/{dataset}).`
}

function datasetCard(view: ExportView, dataset: ExportDataset): SafeHtml {
	const label = DATASET_LABELS[dataset]
	return html`<div class="dataset">
<h2>${label.title}</h2>
<p class="muted">${label.about}</p>
<div class="buttons">${EXPORT_FORMATS.map(
		(format) =>
			html`<form method="post" action="/export" class="inline">${csrfField(view.csrf)}<input type="hidden" name="dataset" value="${dataset}"><input type="hidden" name="format" value="${format}"><button type="submit" class="secondary">Download ${FORMAT_LABELS[format]}</button></form>`
	)}</div>
</div>`
}

export function exportPage(view: ExportView): SafeHtml {
	const body = mayExport(view.session)
		? html`<p class="lead">Whole-dataset files, each row with its status provenance. ${capText(view.session)} Each export also counts as one request against the monthly quota.</p>
${view.problem ? callout('error', html`Export refused: ${problemText(view.problem)}`) : ''}
${view.error ? callout('error', view.error) : ''}
<section class="card datasets">${EXPORT_DATASETS.map((dataset) => datasetCard(view, dataset))}</section>`
		: html`<section class="card upgrade" data-upgrade>
<h2>Exports are available on Pro and above</h2>
<p>Your account is on the ${view.session.plan?.name ?? 'no active'} plan. Bulk CSV and NDJSON exports of licences, operators and domains come with Pro (10 exports a day), Business (100 a day) and Enterprise (no daily cap).</p>
<p><a class="button primary" href="${view.pricingUrl}">See plans and pricing</a></p>
</section>`
	return signedInPage({
		title: 'Export',
		session: view.session,
		csrf: view.csrf,
		section: 'export',
		content: html`<h1>Export</h1>\n${body}`
	})
}
