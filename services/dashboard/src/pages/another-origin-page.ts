import type { Session } from '../auth/sessions.ts'
import { type SafeHtml, html } from './html.ts'
import { type Section, signedInPage } from './layout.ts'

export type AnotherOriginView = { session: Session; csrf: string; title: string; section: Section; path: string }

/**
 * Instead of a page that reads the API as the account, when the browser came from a link on another
 * site or origin: each of its calls counts against the monthly quota, so only a click here makes them.
 */
export function anotherOriginPage(view: AnotherOriginView): SafeHtml {
	return signedInPage({
		title: view.title,
		session: view.session,
		csrf: view.csrf,
		section: view.section,
		content: html`<div class="narrow"><section class="card" data-another-origin>
<h1>${view.title}</h1>
<p>You came here from a link on another site. This page reads the API as your account, and each of its calls counts against your monthly quota, so it loads only when you open it from here.</p>
<p><a class="button primary" href="${view.path}">Open ${view.title.toLowerCase()}</a></p>
</section></div>`
	})
}
