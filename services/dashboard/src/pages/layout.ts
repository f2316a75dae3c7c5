import type { Session } from '../auth/sessions.ts'
import { type HtmlValue, type SafeHtml, html } from './html.ts'

export type Section = 'keys' | 'usage' | 'bulk' | 'watchlist' | 'webhooks' | 'export' | 'connected-apps'

const SECTIONS: { id: Section; label: string; href: string }[] = [
	{ id: 'keys', label: 'API keys', href: '/keys' },
	{ id: 'usage', label: 'Usage', href: '/usage' },
	{ id: 'bulk', label: 'Bulk check', href: '/bulk' },
	{ id: 'watchlist', label: 'Watchlist', href: '/watchlist' },
	{ id: 'webhooks', label: 'Webhooks', href: '/webhooks' },
	{ id: 'export', label: 'Export', href: '/export' },
	{ id: 'connected-apps', label: 'Connected apps', href: '/connected-apps' }
]

export const PRODUCT_NAME = 'Licence Register Verification'

function document(title: string, header: SafeHtml, main: HtmlValue, head: HtmlValue = ''): SafeHtml {
	return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${PRODUCT_NAME}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/dashboard.css">
<script src="/assets/dashboard.js" defer></script>
${head}
</head>
<body>
${header}
<main class="page">
${main}
</main>
</body>
</html>
`
}

const brand = html`<a class="brand" href="/"><span class="brand-mark" aria-hidden="true">LV</span>${PRODUCT_NAME}</a>`

/** The hidden field every state-changing form carries. */
export const csrfField = (token: string) => html`<input type="hidden" name="csrf" value="${token}">`

/** `section: null` for account pages outside the tabs (the password page); `head`: the page's own stylesheets and scripts. */
export type SignedInPageInput = {
	title: string
	session: Session
	csrf: string
	section: Section | null
	content: HtmlValue
	head?: HtmlValue
}

export function signedInPage(input: SignedInPageInput): SafeHtml {
	const { session } = input
	const nav = SECTIONS.map(
		(section) =>
			html`<a href="${section.href}" class="${section.id === input.section ? 'tab active' : 'tab'}"${section.id === input.section ? html` aria-current="page"` : ''}>${section.label}</a>`
	)
	const header = html`<header class="topbar">
<div class="topbar-inner">
${brand}
<nav class="tabs" aria-label="Sections">${nav}</nav>
<div class="who">
<span class="account">${session.accountName}</span>
<span class="plan-badge">${session.plan?.name ?? 'No active plan'}</span>
<span class="email">${session.email}</span>
<a class="account-link" href="/account/password">Password</a>
<form method="post" action="/sign-out" class="inline">${csrfField(input.csrf)}<button type="submit" class="link-button">Sign out</button></form>
</div>
</div>
</header>`
	return document(input.title, header, input.content, input.head)
}

export function signedOutPage(title: string, content: HtmlValue): SafeHtml {
	const header = html`<header class="topbar"><div class="topbar-inner">${brand}</div></header>`
	return document(title, header, html`<div class="narrow">${content}</div>`)
}

/** A page anyone may read (no sign-in), full width. */
export function publicPage(title: string, content: HtmlValue): SafeHtml {
	const header = html`<header class="topbar"><div class="topbar-inner">${brand}<nav class="who"><a href="/sign-in">Sign in</a></nav></div></header>`
	return document(title, header, content)
}

/** A message box; `kind` picks its colour. */
export const callout = (kind: 'error' | 'success' | 'warning' | 'info', content: HtmlValue) =>
	html`<div class="callout ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${content}</div>`
