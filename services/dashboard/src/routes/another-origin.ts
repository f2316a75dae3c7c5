import type { Session } from '../auth/sessions.ts'
import { anotherOriginPage } from '../pages/another-origin-page.ts'
import type { Section } from '../pages/layout.ts'
import { htmlResponse } from './respond.ts'
import type { WebContext } from './web-context.ts'

/**
 * For a page that reads the API as the account: when a link on another site or origin opened it, the
 * page with one link to itself to answer instead (so a foreign page cannot spend the quota); else null.
 */
export function openedFromAnotherOrigin(
	web: WebContext,
	request: Request,
	session: Session,
	page: { title: string; section: Section }
): Response | null {
	if (!web.fromAnotherOrigin(request)) return null
	const url = new URL(request.url)
	return htmlResponse(anotherOriginPage({ session, csrf: web.csrfFor(session), ...page, path: `${url.pathname}${url.search}` }))
}
