import type { Session } from '../auth/sessions.ts'
import type { GrantListing } from '../oauth/oauth-store.ts'
import { formatAgo, formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'

export type ConnectedAppsView = {
	session: Session
	csrf: string
	now: Date
	grants: GrantListing[]
	connectorUrl: string | null
	notice?: string
	error?: string
}

function grantRow(view: ConnectedAppsView, grant: GrantListing): SafeHtml {
	const lastUsed = grant.lastUsedAt
		? html`<time datetime="${grant.lastUsedAt.toISOString()}" title="${formatUtc(grant.lastUsedAt)}">${formatAgo(grant.lastUsedAt, view.now)}</time>`
		: html`<span class="muted">never</span>`
	return html`<tr data-grant-id="${grant.grantId}">
<td class="label-cell">${grant.clientName}</td>
<td><code>${grant.redirectHost}</code></td>
<td>${grant.approvedBy}</td>
<td><time datetime="${grant.createdAt.toISOString()}">${formatUtc(grant.createdAt)}</time></td>
<td>${lastUsed}</td>
<td class="actions"><form method="post" action="/connected-apps/${grant.grantId}/revoke" class="inline" data-confirm="${`Revoke “${grant.clientName}”? Its next call will be refused.`}">${csrfField(view.csrf)}<button type="submit" class="danger small">Revoke</button></form></td>
</tr>`
}

/** The account's assistant connections (OAuth grants), each revocable. */
export function connectedAppsPage(view: ConnectedAppsView): SafeHtml {
	const table =
		view.grants.length === 0
			? html`<p class="empty">No application is connected.</p>`
			: html`<div class="table-wrap"><table class="data">
<thead><tr><th>Application</th><th>Sends you back to</th><th>Approved by</th><th>Approved</th><th>Last used</th><th><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${view.grants.map((grant) => grantRow(view, grant))}</tbody>
</table></div>`
	const howTo = view.connectorUrl
		? html`<section class="card">
<h2>Connect an assistant</h2>
<p>Add a custom connector (remote MCP server) in your assistant with this URL, then approve it here when it sends you back:</p>
<div class="copy-row"><input id="connector-url" class="mono" readonly value="${view.connectorUrl}" aria-label="Connector URL" data-select-on-focus><button type="button" class="primary" data-copy-target="connector-url">Copy</button></div>
<p class="hint">No API key is needed: the assistant signs in with OAuth. Its calls count against this account's plan like API calls.</p>
</section>`
		: ''
	return signedInPage({
		title: 'Connected apps',
		session: view.session,
		csrf: view.csrf,
		section: 'connected-apps',
		content: html`<h1>Connected apps</h1>
${view.notice ? callout('success', view.notice) : ''}
${view.error ? callout('error', view.error) : ''}
<section class="card">
${table}
</section>
${howTo}`
	})
}
