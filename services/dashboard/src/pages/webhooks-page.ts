import type { Session } from '../auth/sessions.ts'
import { EVENT_NAMES } from '@lv/contracts'
import type { GatewayProblem } from '../gateway/gateway-problem.ts'
import type { Delivery } from '../gateway/webhook-manage.ts'
import type { WebhookTestOutcome } from '../gateway/webhook-test.ts'
import type { EndpointListing } from '@lv/subscription-store'
import { formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'
import { problemText } from './problem.ts'

export type WebhooksView = {
	session: Session
	csrf: string
	apiBaseUrl: string
	endpoints: EndpointListing[]
	test?: { endpointId: string; outcome: WebhookTestOutcome }
	error?: string
	/** The API's refusal of the last change, with the form as it was sent. */
	problem?: GatewayProblem
	/** A new secret, shown once: after creating an endpoint or rotating its secret. */
	secret?: { endpointId: string; value: string }
	notice?: string
}

/** The fields of the create and edit forms; `prefix` keeps the ids of several forms on one page apart. */
function endpointFields(prefix: string, values: { url: string; description: string; events: readonly string[] }): SafeHtml {
	return html`<label for="${prefix}-url">URL</label>
<input type="url" id="${prefix}-url" name="url" required maxlength="2048" value="${values.url}" placeholder="https://hooks.example.com/licences">
<label for="${prefix}-description">Description (optional)</label>
<input type="text" id="${prefix}-description" name="description" maxlength="500" value="${values.description}">
<fieldset class="events"><legend>Events</legend>
${EVENT_NAMES.map(
	(event) =>
		html`<label class="check"><input type="checkbox" name="events" value="${event}"${values.events.includes(event) ? html` checked` : ''}> <code>${event}</code></label>`
)}
</fieldset>`
}

function secretCallout(secret: string): SafeHtml {
	return html`<div id="new-secret">${callout('success', html`<strong>Signing secret.</strong> Copy it now: it will not be shown again.`)}
<div class="copy-row"><label for="new-secret-value" class="sr-only">Signing secret</label><input id="new-secret-value" readonly value="${secret}" data-select-on-focus><button type="button" class="secondary" data-copy-target="new-secret-value">Copy</button></div></div>`
}

function endpointActions(view: WebhooksView, endpoint: EndpointListing): SafeHtml {
	const post = (action: string, label: string, kind: string, confirm?: string) =>
		html`<form method="post" action="/webhooks/${endpoint.id}/${action}" class="inline"${confirm ? html` data-confirm="${confirm}"` : ''}>${csrfField(view.csrf)}<button type="submit" class="${kind} small">${label}</button></form>`
	return html`<div class="buttons">
${endpoint.active ? post('pause', 'Pause', 'secondary') : post('resume', 'Resume', 'secondary')}
${post('rotate', 'Rotate secret', 'secondary', 'Issue a new signing secret? The current one keeps signing for 7 days.')}
<a class="button secondary small" href="/webhooks/${endpoint.id}/deliveries">Delivery log</a>
${post('delete', 'Delete', 'danger', 'Delete this endpoint with its secrets and deliveries?')}
</div>
<details><summary>Edit</summary>
<form method="post" action="/webhooks/${endpoint.id}/update" class="stack">${csrfField(view.csrf)}
${endpointFields(`edit-${endpoint.id}`, { url: endpoint.url, description: endpoint.description ?? '', events: endpoint.events })}
<button type="submit" class="primary">Save</button>
</form></details>`
}

function testResult(outcome: WebhookTestOutcome): SafeHtml {
	if (!outcome.ok) return html`<div class="test-result">${callout('error', html`Test not sent: ${problemText(outcome.problem)}`)}</div>`
	const { result } = outcome
	const headline = result.delivered
		? callout('success', html`<strong>Delivered.</strong> Your endpoint answered ${result.httpStatus ?? ''} in ${result.latencyMs} ms.`)
		: callout('error', html`<strong>Not delivered.</strong> ${result.error ?? `Your endpoint answered ${result.httpStatus ?? 'nothing'}.`}`)
	return html`<div class="test-result" data-test-result>
${headline}
<dl class="facts">
<dt>delivered</dt><dd data-field="delivered">${String(result.delivered)}</dd>
<dt>http_status</dt><dd data-field="http_status">${result.httpStatus ?? 'null'}</dd>
<dt>latency_ms</dt><dd data-field="latency_ms">${result.latencyMs}</dd>
<dt>error</dt><dd data-field="error">${result.error ?? 'null'}</dd>
</dl>
${result.responseBody ? html`<details><summary>Response body (truncated)</summary><pre>${result.responseBody}</pre></details>` : ''}
</div>`
}

function endpointCard(view: WebhooksView, endpoint: EndpointListing): SafeHtml {
	const last = endpoint.lastDeliveredAt
		? html`${endpoint.lastDeliveryStatus ?? 'unknown'} at ${formatUtc(endpoint.lastDeliveredAt)}`
		: html`<span class="muted">no deliveries yet</span>`
	const result = view.test?.endpointId === endpoint.id ? testResult(view.test.outcome) : ''
	return html`<section class="card endpoint" data-endpoint-id="${endpoint.id}">
<div class="endpoint-head">
<div>
<h2 class="url">${endpoint.url}</h2>
${endpoint.description ? html`<p class="muted">${endpoint.description}</p>` : ''}
</div>
<form method="post" action="/webhooks/${endpoint.id}/test" class="inline">${csrfField(view.csrf)}<button type="submit" class="primary">Send test</button></form>
</div>
<dl class="facts">
<dt>Status</dt><dd>${endpoint.active ? html`<span class="status active">Active</span>` : html`<span class="status revoked">Paused</span>`}</dd>
<dt>Events</dt><dd>${endpoint.events.map((event) => html`<code class="chip">${event}</code> `)}</dd>
<dt>Last delivery</dt><dd>${last}</dd>
<dt>Failures</dt><dd>${endpoint.failureCount}</dd>
</dl>
${view.secret?.endpointId === endpoint.id ? secretCallout(view.secret.value) : ''}
${endpointActions(view, endpoint)}
${result}
</section>`
}

export function webhooksPage(view: WebhooksView): SafeHtml {
	const empty = html`<section class="card">
<p class="empty">No webhook endpoints yet. Create one below, or through the API:</p>
<pre class="snippet">curl -X POST ${view.apiBaseUrl}/v1/webhooks \\
  -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
  -d '{"url":"https://example.com/hooks","events":["license.status_changed"]}'</pre>
</section>`
	const create = html`<section class="card"><h2>New endpoint</h2>
<form method="post" action="/webhooks" class="stack">${csrfField(view.csrf)}
${endpointFields('new', { url: '', description: '', events: ['license.status_changed'] })}
<button type="submit" class="primary">Create endpoint</button>
</form></section>`
	return signedInPage({
		title: 'Webhooks',
		session: view.session,
		csrf: view.csrf,
		section: 'webhooks',
		content: html`<h1>Webhooks</h1>
<p class="lead">“Send test” posts a signed <code>test.ping</code> event (<code>livemode: false</code>) to the endpoint with its active secrets. It creates no event or delivery record.</p>
${view.notice ? callout('success', view.notice) : ''}
${view.error ? callout('error', view.error) : ''}
${view.problem ? callout('error', html`Refused: ${problemText(view.problem)}`) : ''}
${view.endpoints.length === 0 ? empty : view.endpoints.map((endpoint) => endpointCard(view, endpoint))}
${create}`
	})
}

/** A finished delivery (delivered or abandoned) can be sent again; one still being tried cannot, nor a withdrawn event. */
const RESENDABLE = new Set(['delivered', 'abandoned'])
const WITHDRAWN = 'event_withdrawn'

function resendCell(view: { csrf: string; endpoint: EndpointListing }, row: Delivery): SafeHtml {
	if (row.abandonedReason === WITHDRAWN) return html`<span class="muted">not sent again</span>`
	if (!RESENDABLE.has(row.status)) return html`<span class="muted">still being tried</span>`
	return html`<form method="post" action="/webhooks/${view.endpoint.id}/deliveries/${row.id}/resend" class="inline">${csrfField(view.csrf)}<button type="submit" class="secondary small" aria-label="Resend ${row.event} of ${row.createdAt ?? ''}">Resend</button></form>`
}

/** An abandoned delivery says why when its event was withdrawn: the endpoint missed nothing. */
const statusCell = (row: Delivery): SafeHtml =>
	row.abandonedReason === WITHDRAWN
		? html`${row.status} <span class="muted" data-abandoned-reason="${WITHDRAWN}">(event withdrawn)</span>`
		: html`${row.status}`

export function deliveriesPage(view: {
	session: Session
	csrf: string
	endpoint: EndpointListing
	deliveries: Delivery[] | null
	problem?: GatewayProblem
	/** The refusal of a resend; the log is still shown. */
	resendProblem?: GatewayProblem
	notice?: string
}): SafeHtml {
	const rows = view.deliveries ?? []
	const table = rows.length
		? html`<div class="table-wrap"><table class="data" data-deliveries><thead><tr><th>Event</th><th>Status</th><th>Attempts</th><th>Next retry</th><th>Response</th><th>Created</th><th>Resend</th></tr></thead><tbody>
${rows.map((row) => html`<tr data-delivery="${row.id}"><td><code>${row.event}</code></td><td>${statusCell(row)}</td><td>${row.attempts}</td><td>${row.status === 'failed' || row.status === 'pending' ? (row.nextAttemptAt ?? '') : '–'}</td><td>${row.responseStatus ?? '–'}</td><td>${row.createdAt ?? ''}</td><td>${resendCell(view, row)}</td></tr>`)}
</tbody></table></div>`
		: html`<p class="empty">No deliveries in the last 30 days.</p>`
	return signedInPage({
		title: 'Delivery log',
		session: view.session,
		csrf: view.csrf,
		section: 'webhooks',
		content: html`<p><a href="/webhooks">← Webhooks</a></p>
<h1>Delivery log</h1>
<p class="muted url">${view.endpoint.url}</p>
${view.notice ? callout('success', view.notice) : ''}
${view.resendProblem ? callout('error', html`Not resent: ${problemText(view.resendProblem)}`) : ''}
${view.problem ? callout('error', html`Could not read the log: ${problemText(view.problem)}`) : html`<section class="card">${table}</section>`}`
	})
}
