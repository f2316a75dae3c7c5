import type { Session } from '../auth/sessions.ts'
import type { WebhookTestOutcome } from '../gateway/webhook-test.ts'
import type { EndpointListing } from '../store/webhook-endpoints.ts'
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
${result}
</section>`
}

export function webhooksPage(view: WebhooksView): SafeHtml {
	const empty = html`<section class="card">
<p class="empty">No webhook endpoints yet. Create one through the API, then send it a test from here:</p>
<pre class="snippet">curl -X POST ${view.apiBaseUrl}/v1/webhooks \\
  -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
  -d '{"url":"https://example.com/hooks","events":["license.status_changed"]}'</pre>
</section>`
	return signedInPage({
		title: 'Webhooks',
		session: view.session,
		csrf: view.csrf,
		section: 'webhooks',
		content: html`<h1>Webhooks</h1>
<p class="lead">“Send test” posts a signed <code>test.ping</code> event (<code>livemode: false</code>) to the endpoint with its active secrets. It creates no event or delivery record.</p>
${view.error ? callout('error', view.error) : ''}
${view.endpoints.length === 0 ? empty : view.endpoints.map((endpoint) => endpointCard(view, endpoint))}`
	})
}
