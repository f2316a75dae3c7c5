import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import type { WatchOutcome } from '../gateway/watch-operators.ts'
import { formatCount as number } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField } from './layout.ts'
import { problemText } from './problem.ts'

/** The one-click form adding every licensed operator the job found to the watchlist. */
export function watchTheseForm(jobId: string, csrf: string, operators: number): SafeHtml {
	if (operators === 0) return html``
	return html`<form method="post" action="/bulk/${jobId}/watch" class="inline" data-watch-these>${csrfField(csrf)}<button type="submit" class="secondary">Watch these (${number(operators)} licensed ${operators === 1 ? 'operator' : 'operators'})</button></form>`
}

/** What Watch these did as the page shows it: the counts, and the first few of `refusedCount` refusals. */
export type WatchedShown = { failed: GatewayProblem } | (WatchOutcome & { refusedCount: number })

const plural = (count: number, one: string, many: string) => `${number(count)} ${count === 1 ? one : many}`

/** What pressing Watch these did: counts, then the first refusals with the API's own words and how many more there were. */
export function watchOutcomeCallout(outcome: WatchedShown): SafeHtml {
	if ('failed' in outcome) return callout('error', html`Nothing was added: ${problemText(outcome.failed)}`)
	const summary = html`<p data-watch-outcome>${plural(outcome.added, 'operator', 'operators')} added to your watchlist; ${plural(outcome.alreadyWatched, 'was', 'were')} already watched${outcome.refusedCount ? html`; ${plural(outcome.refusedCount, 'was', 'were')} refused` : ''}.</p>`
	const more = outcome.refusedCount - outcome.refused.length
	const refused = outcome.refusedCount
		? html`<ul>${outcome.refused.map((item) => html`<li><code>${item.slug}</code>: ${problemText(item.problem)}</li>`)}${more > 0 ? html`<li data-refused-more>and ${plural(more, 'more operator', 'more operators')} refused</li>` : ''}</ul>`
		: ''
	const cap = outcome.capReached
		? html`<p data-watch-cap><strong>Your watchlist is full:</strong> ${plural(outcome.capReached.notAdded, 'operator was', 'operators were')} not added. ${problemText(outcome.capReached.problem)} <a href="/watchlist">Review the watchlist</a>.</p>`
		: ''
	const stopped = outcome.stopped
		? html`<p>${plural(outcome.stopped.notTried, 'operator was', 'operators were')} not tried yet: ${problemText(outcome.stopped.problem)} Press Watch these again to continue.</p>`
		: ''
	const kind = outcome.capReached || outcome.stopped ? 'warning' : outcome.refusedCount ? 'warning' : 'success'
	return callout(kind, html`${summary}${refused}${cap}${stopped}`)
}
