import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField } from './layout.ts'
import { problemText } from './problem.ts'

/** Where an entry's "Evidence (PDF)" form posts. */
export const entryEvidencePath = (jobId: string, position: number) => `/bulk/${jobId}/entries/${position}/evidence`

/** The form that downloads a signed record of a fresh check of the entry's domain, as a PDF. */
export const evidenceButton = (jobId: string, position: number, csrf: string, domain: string): SafeHtml =>
	html`<form method="post" action="${entryEvidencePath(jobId, position)}" class="inline" data-evidence>${csrfField(csrf)}<button type="submit" class="secondary small" aria-label="${`Evidence (PDF) for ${domain}`}">Evidence (PDF)</button></form>`

/** Said wherever the button is: the record is of a new check, not of the answer on the page. */
export const EVIDENCE_NOTE = html`<p class="hint" data-evidence-note><strong>Evidence (PDF)</strong> checks the domain again now and downloads a signed record of that check: the PDF states the instant of the new check, not the job's. It uses two requests of your monthly quota, as through the API: the check and the report's download.</p>`

export const evidenceRefusal = (problem: GatewayProblem) => callout('error', html`Evidence refused: ${problemText(problem)}`)
