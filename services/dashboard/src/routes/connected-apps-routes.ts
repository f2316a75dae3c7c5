import { Elysia } from 'elysia'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import { listAccountGrants, revokeAccountGrant } from '../oauth/oauth-store.ts'
import { type OAuthSettings, authorizationServer } from '../oauth/oauth-settings.ts'
import { type ConnectedAppsView, connectedAppsPage } from '../pages/connected-apps-page.ts'
import { UUID } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

/** /connected-apps: the account's assistant connections, each revocable; the next call of a revoked one is refused. */
export function connectedAppsRoutes(deps: DashboardDeps, web: WebContext, settings: OAuthSettings | undefined) {
	const { sql, clock, logger } = deps
	const connectorUrl = settings ? authorizationServer(settings, deps.config.APP_URL).resource : null

	const page = async (session: Session, view: Partial<ConnectedAppsView>, status = 200) =>
		htmlResponse(
			connectedAppsPage({
				session,
				csrf: web.csrfFor(session),
				now: clock.now(),
				grants: await listAccountGrants(sql, session.accountId),
				connectorUrl,
				...view
			}),
			{ status }
		)

	return new Elysia()
		.get('/connected-apps', async ({ request, query }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, { notice: query.notice === 'revoked' ? 'Access revoked. The application’s next call is refused.' : undefined })
		})
		.post('/connected-apps/:id/revoke', async ({ request, body, params }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, { error: 'This form expired. Please submit it again.' }, 403)
			const revoked = UUID.test(params.id) && (await revokeAccountGrant(sql, clock, session.accountId, params.id))
			if (!revoked) return page(session, { error: 'That connection does not exist or is already revoked.' }, 404)
			logger.info('oauth grant revoked', { account_id: session.accountId, grant_id: params.id })
			return redirect('/connected-apps?notice=revoked')
		})
}
