import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import { formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'

/** The API's own words, its code and reason (what a developer searches the docs for), and when a limit resets. */
export function problemText(problem: GatewayProblem): SafeHtml {
	const resetAt = problem.resetAt === null ? null : new Date(problem.resetAt)
	const reset = resetAt && !Number.isNaN(resetAt.getTime()) ? html` Resets at ${formatUtc(resetAt)}.` : ''
	const codes = problem.code ? html` <span class="codes">(${problem.code}${problem.reason ? ` / ${problem.reason}` : ''})</span>` : ''
	return html`${problem.message}${reset}${codes}`
}
