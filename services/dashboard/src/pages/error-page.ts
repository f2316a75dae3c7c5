import type { Session } from '../auth/sessions.ts'
import { type SafeHtml, html } from './html.ts'
import { signedOutPage } from './layout.ts'

/** A whole page for a failure that has no form to show again (unknown page, unreadable request, server fault). */
export function errorPage(title: string, message: string, session: Session | null): SafeHtml {
	const back = session ? html`<a href="/keys">Back to your keys</a>` : html`<a href="/sign-in">Sign in</a>`
	return signedOutPage(title, html`<section class="card"><h1>${title}</h1><p>${message}</p><p>${back}</p></section>`)
}
