import { Elysia } from 'elysia'
import { countAttempt } from '../auth/attempt-limits.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type Passwords } from '../auth/passwords.ts'
import type { Session } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import { type PasswordView, passwordPage } from '../pages/auth-pages.ts'
import { formatUtc } from '../pages/format.ts'
import { changePassword, passwordHashOf } from '../store/users.ts'
import { SIGN_IN_WINDOW_MS } from './auth-routes.ts'
import { EXPIRED_FORM, formField } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

/**
 * Changing the password takes the current one (limited like sign-in, so a borrowed session cannot
 * guess it), signs out every other session of the user and gives this one a new token.
 */
export function passwordRoutes(deps: DashboardDeps, web: WebContext, passwords: Passwords) {
	const { sql, clock, logger, config } = deps

	const page = (session: Session, view: Omit<PasswordView, 'session' | 'csrf'> = {}, status = 200) =>
		htmlResponse(passwordPage({ session, csrf: web.csrfFor(session), ...view }), { status })

	return new Elysia()
		.get('/account/password', async ({ request, query }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			return page(session, { notice: query.notice === 'changed' ? 'Password changed. Every other session is signed out.' : undefined })
		})

		.post('/account/password', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in')
			if (!web.sessionCsrfValid(session, body)) return page(session, { error: EXPIRED_FORM }, 403)
			const current = formField(body, 'current_password') ?? ''
			const next = formField(body, 'new_password') ?? ''
			if (current.length === 0) return page(session, { fieldErrors: { current_password: 'Enter your current password.' } }, 400)
			if (next.length < PASSWORD_MIN_LENGTH)
				return page(session, { fieldErrors: { new_password: `Use at least ${PASSWORD_MIN_LENGTH} characters.` } }, 400)
			if (next.length > PASSWORD_MAX_LENGTH)
				return page(session, { fieldErrors: { new_password: `Use at most ${PASSWORD_MAX_LENGTH} characters.` } }, 400)

			const reached = await countAttempt(sql, clock, [
				{ scope: `password-change-user:${session.userId}`, limit: config.DASHBOARD_SIGN_IN_EMAIL_LIMIT, windowMs: SIGN_IN_WINDOW_MS }
			])
			if (reached) return page(session, { error: `Too many attempts. Try again after ${formatUtc(reached.resetAt)}.` }, 429)
			const hash = await passwordHashOf(sql, session.userId)
			if (hash === null || current.length > PASSWORD_MAX_LENGTH || !(await passwords.verify(current, hash))) {
				return page(session, { fieldErrors: { current_password: 'This is not your current password.' } }, 401)
			}
			const changed = await changePassword(sql, clock, session.userId, await passwords.hash(next), session.token)
			logger.info('password changed', { user_id: session.userId, ended_sessions: changed.endedSessions, ended_grants: changed.endedGrants })
			return redirect('/account/password?notice=changed', [web.sessionCookie(changed.sessionToken)])
		})
}
