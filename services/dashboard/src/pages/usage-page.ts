import type { Session } from '../auth/sessions.ts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import type { KeyCount, MonthCounts, Usage } from '../gateway/usage-client.ts'
import { formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, signedInPage } from './layout.ts'
import { problemText } from './problem.ts'

export type UsageView = {
	session: Session
	csrf: string
	usage: Usage | null
	/** The month shown first (YYYY-MM), and the current one: what the month links offer. */
	month: string
	currentMonth: string
	problem?: GatewayProblem
}

const number = (value: number) => value.toLocaleString('en-GB')

/** `November 2026` */
export const monthName = (month: string) =>
	new Date(`${month}-01T00:00:00Z`).toLocaleString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** The YYYY-MM `by` months from `month`. */
export const shiftMonth = (month: string, by: number) => {
	const start = new Date(`${month}-01T00:00:00Z`)
	return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + by, 1)).toISOString().slice(0, 7)
}

function quotaCard(usage: Usage): SafeHtml {
	const { limit, used, remaining, resetsAt } = usage.quota
	const reset = formatUtc(new Date(resetsAt))
	const summary =
		limit === null
			? html`<p><strong data-quota-used>${number(used)}</strong> calls charged this month. Your plan has no monthly quota.</p>`
			: html`<p><strong data-quota-used>${number(used)}</strong> of <span data-quota-limit>${number(limit)}</span> calls used, <strong data-quota-left>${number(remaining ?? 0)}</strong> left. The quota resets at ${reset}.</p>
<meter id="quota-meter" min="0" max="${limit}" value="${used}" low="${Math.round(limit * 0.8)}" high="${Math.round(limit * 0.95)}" optimum="0" aria-labelledby="quota-heading">${number(used)} of ${number(limit)}</meter>`
	return html`<section class="card" aria-labelledby="quota-heading"><h2 id="quota-heading">Quota this month</h2>
${summary}
<p class="hint">Charged calls are the ones answered with a success; calls answered with an error are given back to the quota.</p>
</section>`
}

/** Drawn by /assets/usage-chart.js from the daily tables; hidden until it is, so without JavaScript the tables are the page. */
const chartFigure = (usage: Usage) =>
	html`<figure class="card usage-chart" data-usage-chart hidden>
<figcaption id="usage-chart-caption"><h2>Calls per day</h2><span class="hint">${usage.months.map((month) => monthName(month.month)).join(' and ')}, by day of the month. The same numbers are in the tables below.</span></figcaption>
<div class="usage-chart-plot" data-chart-target aria-hidden="true"></div>
</figure>`

const keyName = (key: KeyCount) =>
	html`${key.name}${key.prefix ? html` <code>${key.prefix}</code>` : ''}${key.revoked ? html` <span class="muted">(revoked)</span>` : ''}`

function keysTable(month: MonthCounts, id: string): SafeHtml {
	if (month.keys.length === 0) return html`<p class="empty">No calls this month.</p>`
	return html`<div class="table-wrap"><table class="data usage" data-usage-keys aria-labelledby="${id}-keys"><thead><tr><th scope="col">Key</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Refusals</th></tr></thead><tbody>
${month.keys.map((key) => html`<tr><th scope="row">${keyName(key)}</th><td class="num">${number(key.calls)}</td><td class="num">${number(key.refusals)}</td></tr>`)}
</tbody></table></div>`
}

function reasonsTable(month: MonthCounts, id: string): SafeHtml {
	if (month.reasons.length === 0) return html`<p class="empty">No refusals this month.</p>`
	return html`<div class="table-wrap"><table class="data usage" data-usage-reasons aria-labelledby="${id}-reasons"><thead><tr><th scope="col">Reason</th><th scope="col" class="num">Status</th><th scope="col" class="num">Refusals</th></tr></thead><tbody>
${month.reasons.map((reason) => html`<tr><th scope="row"><code>${reason.reason}</code></th><td class="num">${reason.status ?? '–'}</td><td class="num">${number(reason.count)}</td></tr>`)}
</tbody></table></div>`
}

function daysTable(month: MonthCounts, id: string): SafeHtml {
	return html`<div class="table-wrap"><table class="data usage" data-usage-days data-month="${month.month}" data-label="${monthName(month.month)}" aria-labelledby="${id}-days"><thead><tr><th scope="col">Date</th><th scope="col" class="num">Calls</th><th scope="col" class="num">Refusals</th></tr></thead><tbody>
${month.days.map((day) => html`<tr data-calls="${day.calls}" data-refusals="${day.refusals}"><th scope="row"><time datetime="${day.date}">${day.date}</time></th><td class="num">${number(day.calls)}</td><td class="num">${number(day.refusals)}</td></tr>`)}
</tbody></table></div>`
}

function monthCard(month: MonthCounts): SafeHtml {
	const id = `month-${month.month}`
	return html`<section class="card" aria-labelledby="${id}" data-usage-month="${month.month}"><h2 id="${id}">${monthName(month.month)}</h2>
<p><strong data-month-calls>${number(month.calls)}</strong> calls, <strong data-month-refusals>${number(month.refusals)}</strong> refused.</p>
<h3 id="${id}-keys">By key</h3>
${keysTable(month, id)}
<h3 id="${id}-reasons">Refusals by reason</h3>
${reasonsTable(month, id)}
<h3 id="${id}-days">Calls per day</h3>
${daysTable(month, id)}
</section>`
}

function monthLinks(view: UsageView): SafeHtml {
	const earlier = shiftMonth(view.month, -1)
	const later = shiftMonth(view.month, 1)
	return html`<nav class="pager months" aria-label="Months"><a href="/usage?month=${earlier}">← ${monthName(shiftMonth(earlier, -1))} and ${monthName(earlier)}</a>${
		view.month < view.currentMonth ? html` <a href="/usage?month=${later}">${monthName(view.month)} and ${monthName(later)} →</a>` : ''
	}</nav>`
}

export function usagePage(view: UsageView): SafeHtml {
	const { usage } = view
	return signedInPage({
		title: 'Usage',
		session: view.session,
		csrf: view.csrf,
		section: 'usage',
		head: usage
			? html`<link rel="stylesheet" href="/assets/uplot.min.css">
<script src="/assets/uplot.min.js" defer></script>
<script src="/assets/usage-chart.js" defer></script>`
			: '',
		content: html`<h1>Usage</h1>
<p class="lead">Calls of every key of the account per UTC day, including the dashboard's and connected apps' calls, and the calls that were refused. Counts of the last second may still be on their way.</p>
${view.problem ? callout('error', html`Could not read the usage: ${problemText(view.problem)}`) : ''}
${usage ? html`${quotaCard(usage)}${chartFigure(usage)}${usage.months.map(monthCard)}` : ''}
${monthLinks(view)}`
	})
}
