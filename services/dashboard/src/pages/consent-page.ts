import type { Session } from '../auth/sessions.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, csrfField, signedInPage } from './layout.ts'

export type ConsentView = {
	session: Session
	csrf: string
	clientName: string
	redirectHost: string
	/** The authorisation request, carried through the form as it came. */
	fields: Record<string, string | undefined>
	connectorUrl: string
}

const hidden = (fields: ConsentView['fields']) =>
	Object.entries(fields).map(([name, value]) => (value === undefined ? '' : html`<input type="hidden" name="${name}" value="${value}">`))

/** Approve or deny an assistant's access to the signed-in account. */
export function consentPage(view: ConsentView): SafeHtml {
	const { session } = view
	return signedInPage({
		title: 'Connect an application',
		session,
		csrf: view.csrf,
		section: 'connected-apps',
		content: html`<div class="narrow">
<section class="card consent">
<h1>Connect “${view.clientName}”?</h1>
<p><strong class="client-name">${view.clientName}</strong> asks to use the licence-register API as <strong class="signed-in-user">${session.email}</strong> of <strong class="account-name">${session.accountName}</strong>.</p>
<ul>
<li>It can check domains and licence numbers, look up operators, licences, history and regulatory actions, and read coverage.</li>
<li>It can read and change this account's watchlist and read its event feed.</li>
<li>Every call counts against the account's plan (${session.plan?.name ?? 'no active plan'}) like an API call. It cannot see or create API keys, webhooks or billing.</li>
</ul>
${callout('info', html`After you approve, you are sent back to <strong class="redirect-host">${view.redirectHost}</strong>. Only approve if you started this from your assistant. You can revoke access at any time under Connected apps.`)}
<p class="hint">Connector endpoint: <code>${view.connectorUrl}</code></p>
<form method="post" action="/oauth/authorize" class="consent-actions">
${csrfField(view.csrf)}
${hidden(view.fields)}
<button type="submit" name="decision" value="approve" class="primary" id="approve">Approve</button>
<button type="submit" name="decision" value="deny" id="deny">Deny</button>
</form>
</section>
</div>`
	})
}
