import { Elysia } from 'elysia'
import { MINUTE } from '@lv/clock'
import { countAttempt } from '../auth/attempt-limits.ts'
import type { Passwords } from '../auth/passwords.ts'
import { endSession, pruneExpiredSessions, startSignInSession } from '../auth/sessions.ts'
import { normaliseEmail } from '../auth/sign-up-input.ts'
import { sha256Hex } from '../auth/tokens.ts'
import type { DashboardDeps } from '../deps.ts'
import { signInPage } from '../pages/auth-pages.ts'
import { errorPage } from '../pages/error-page.ts'
import { formatUtc } from '../pages/format.ts'
import type { SignInOutcome } from '../metrics.ts'
import { findUserByEmail, signOutEverywhere } from '../store/users.ts'
import { EXPIRED_FORM, formField, hasControlCharacters } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

export const SIGN_IN_WINDOW_MS = 15 * MINUTE

/**
 * Where sign-in may continue to: only an assistant's authorisation request on this site (no open redirect),
 * as the URL parser writes it: line breaks dropped, anything else outside ASCII percent-encoded, so it
 * is always a valid Location header.
 */
function continueTo(next: unknown): string | undefined {
	if (typeof next !== 'string' || !next.startsWith('/oauth/authorize?') || next.length > 4000) return undefined
	const url = new URL(next, 'http://dashboard.invalid')
	return `${url.pathname}${url.search}`
}

export function authRoutes(deps: DashboardDeps, web: WebContext, passwords: Passwords) {
	const { sql, clock, logger, config } = deps

	return new Elysia()
		.get('/', async ({ request }) => redirect((await web.session(request)) ? '/keys' : '/sign-in'))

		.get('/sign-in', async ({ request, query }) => {
			const next = continueTo(query.next)
			if (await web.session(request)) return redirect(next ?? '/keys')
			const csrf = web.anonymousCsrf(request)
			const notice = query.signed_out === '1' ? 'You are signed out.' : undefined
			return htmlResponse(signInPage({ csrf: csrf.token, notice, next }), { cookies: csrf.cookies })
		})

		.post('/sign-in', async ({ request, body, server }) => {
			const csrf = web.anonymousCsrf(request)
			const email = normaliseEmail(formField(body, 'email') ?? '')
			const password = formField(body, 'password') ?? ''
			const next = continueTo(formField(body, 'next'))
			const again = (status: number, error: string, outcome: SignInOutcome) => {
				deps.metrics?.signIn(outcome)
				return htmlResponse(signInPage({ csrf: csrf.token, email: formField(body, 'email'), error, next }), {
					status,
					cookies: csrf.cookies
				})
			}

			if (!web.anonymousCsrfValid(request, body)) return again(403, EXPIRED_FORM, 'expired_form')
			if (email.length === 0 || password.length === 0) return again(400, 'Enter your email address and password.', 'incomplete')
			if (email.length > 254 || hasControlCharacters(email) || password.length > 1000)
				return again(401, 'Email or password is incorrect.', 'invalid_credentials')
			const reached = await countAttempt(sql, clock, [
				{ scope: `sign-in-email:${sha256Hex(email)}`, limit: config.DASHBOARD_SIGN_IN_EMAIL_LIMIT, windowMs: SIGN_IN_WINDOW_MS },
				{
					scope: `sign-in-address:${web.clientAddress(request, server)}`,
					limit: config.DASHBOARD_SIGN_IN_ADDRESS_LIMIT,
					windowMs: SIGN_IN_WINDOW_MS
				}
			])
			if (reached) {
				logger.warn('sign-in attempts limited', { limit: reached.scope.split(':')[0] })
				return again(429, `Too many sign-in attempts. Try again after ${formatUtc(reached.resetAt)}.`, 'rate_limited')
			}
			const user = await findUserByEmail(sql, email)
			const valid = user ? await passwords.verify(password, user.passwordHash) : await passwords.verifyAgainstDecoy(password)
			if (!user || !valid) return again(401, 'Email or password is incorrect.', 'invalid_credentials')

			const session = await startSignInSession(sql, clock, user, web.sessionTtlMs)
			if (!session) return again(401, 'Email or password is incorrect.', 'invalid_credentials')
			await pruneExpiredSessions(sql, clock, web.sessionIdleMs).catch((error) => logger.warn('session pruning failed', { error }))
			logger.info('signed in', { user_id: user.id })
			deps.metrics?.signIn('signed_in')
			return redirect(next ?? '/keys', [web.sessionCookie(session.token), web.clearAnonymousCsrfCookie()])
		})

		.post('/sign-out', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in', [web.clearSessionCookie()])
			if (!web.sessionCsrfValid(session, body)) {
				return htmlResponse(errorPage('This form expired', 'Reload the page and sign out again.', session), { status: 403 })
			}
			await endSession(sql, session.token)
			return redirect('/sign-in?signed_out=1', [web.clearSessionCookie()])
		})

		.post('/sign-out-everywhere', async ({ request, body }) => {
			const session = await web.session(request)
			if (!session) return redirect('/sign-in', [web.clearSessionCookie()])
			if (!web.sessionCsrfValid(session, body)) {
				return htmlResponse(errorPage('This form expired', 'Reload the page and sign out everywhere again.', session), { status: 403 })
			}
			const ended = await signOutEverywhere(sql, clock, session.userId)
			logger.info('signed out everywhere', { user_id: session.userId, sessions: ended.endedSessions, connections: ended.endedGrants })
			return redirect('/sign-in?signed_out=1', [web.clearSessionCookie()])
		})
}
