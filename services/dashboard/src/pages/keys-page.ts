import type { Session } from '../auth/sessions.ts'
import type { KeyListing } from '../store/keys.ts'
import { formatAgo, formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'

export type KeysView = {
	session: Session
	csrf: string
	now: Date
	keys: KeyListing[]
	/** A key created by this very request: its only showing. */
	created?: { key: string; label: string }
	notice?: string
	error?: string
	label?: string
}

function keyRow(view: KeysView, key: KeyListing): SafeHtml {
	const lastUsed = key.lastUsedAt
		? html`<time datetime="${key.lastUsedAt.toISOString()}" title="${formatUtc(key.lastUsedAt)}">${formatAgo(key.lastUsedAt, view.now)}</time>`
		: html`<span class="muted">never</span>`
	const status = key.revokedAt
		? html`<span class="status revoked">Revoked</span><span class="sub">${formatUtc(key.revokedAt)}</span>`
		: html`<span class="status active">Active</span>`
	const action = key.revokedAt
		? ''
		: html`<form method="post" action="/keys/${key.id}/revoke" class="inline" data-confirm="${`Revoke “${key.label}”? Requests using it will fail at once with 401 auth_revoked.`}">${csrfField(view.csrf)}<button type="submit" class="danger small">Revoke</button></form>`
	return html`<tr class="${key.revokedAt ? 'revoked-row' : ''}" data-key-id="${key.id}">
<td class="label-cell">${key.label}</td>
<td><code>${key.displayPrefix}</code></td>
<td><time datetime="${key.createdAt.toISOString()}">${formatUtc(key.createdAt)}</time></td>
<td>${lastUsed}</td>
<td>${status}</td>
<td class="actions">${action}</td>
</tr>`
}

export function keysPage(view: KeysView): SafeHtml {
	const created = view.created
		? html`<section class="card reveal" id="new-key">
<h2>Your new key “${view.created.label}”</h2>
${callout('warning', html`<strong>Copy this key now. It will not be shown again.</strong> Only its SHA-256 hash is stored, so nobody, including us, can show it to you later. If you lose it, create a new key and revoke this one.`)}
<div class="copy-row">
<input id="new-key-value" class="mono" readonly value="${view.created.key}" aria-label="New API key" data-select-on-focus>
<button type="button" class="primary" data-copy-target="new-key-value">Copy</button>
</div>
<p class="hint">Send it as <code>Authorization: Bearer &lt;key&gt;</code>.</p>
</section>`
		: ''
	const table =
		view.keys.length === 0
			? html`<p class="empty">No keys yet. Create one below to call the API.</p>`
			: html`<div class="table-wrap"><table class="data">
<thead><tr><th>Label</th><th>Key</th><th>Created</th><th>Last used</th><th>Status</th><th><span class="sr-only">Actions</span></th></tr></thead>
<tbody>${view.keys.map((key) => keyRow(view, key))}</tbody>
</table></div>`
	return signedInPage({
		title: 'API keys',
		session: view.session,
		csrf: view.csrf,
		section: 'keys',
		content: html`<h1>API keys</h1>
${view.notice ? callout('success', view.notice) : ''}
${view.error ? callout('error', view.error) : ''}
${created}
<section class="card">
${table}
</section>
<section class="card">
<h2>Create a key</h2>
<form method="post" action="/keys" class="row-form">
${csrfField(view.csrf)}
<label for="label">Label</label>
<input id="label" name="label" maxlength="100" required placeholder="e.g. production server" value="${view.label ?? ''}">
<button type="submit" class="primary">Create key</button>
</form>
<p class="hint">To rotate a key without downtime: create a new key, deploy it, wait until the old key's “Last used” stops moving, then revoke the old key. Keys stay valid until revoked; a revoked key is refused on its very next request.</p>
</section>`
	})
}
