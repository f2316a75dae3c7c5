import { Elysia } from 'elysia'
import { HOUR, MINUTE } from '@lv/clock'
import { countAttempt } from '../auth/attempt-limits.ts'
import type { Passwords } from '../auth/passwords.ts'
import { startSession } from '../auth/sessions.ts'
import { readSignUp } from '../auth/sign-up-input.ts'
import { randomToken, sha256Hex } from '../auth/tokens.ts'
import type { DashboardDeps } from '../deps.ts'
import { alreadyRegisteredMail, confirmSignUpMail } from '../mail/sign-up-mails.ts'
import { checkEmailPage, confirmSignUpPage, signUpPage } from '../pages/auth-pages.ts'
import { errorPage } from '../pages/error-page.ts'
import { formatUtc } from '../pages/format.ts'
import { confirmSignUp, findHeldSignUp, holdSignUp } from '../store/pending-sign-ups.ts'
import { findUserByEmail } from '../store/users.ts'
import { EXPIRED_FORM, formField } from './form.ts'
import { htmlResponse, redirect } from './respond.ts'
import type { WebContext } from './web-context.ts'

const SIGN_UP_WINDOW_MS = 60 * MINUTE
const LINK_GONE = 'This link has expired or was already used. Sign up again, or sign in if you finished before.'

/**
 * Sign-up in two steps. The form sends a mail and always answers with the same page: a new address
 * gets a link that creates the account, an address that already has one gets a mail saying so. So
 * the answer never tells whether an address is registered; only its mailbox learns that.
 */
export function signUpRoutes(deps: DashboardDeps, web: WebContext, passwords: Passwords) {
	return new Elysia().use(signUpFormRoutes(deps, web, passwords)).use(signUpConfirmRoutes(deps, web))
}

/** GET and POST /sign-up: the form, and the one mail it sends. */
function signUpFormRoutes(deps: DashboardDeps, web: WebContext, passwords: Passwords) {
	const { sql, clock, logger, config, mailer } = deps
	const appUrl = config.APP_URL.replace(/\/+$/, '')
	const linkTtlHours = config.DASHBOARD_SIGN_UP_LINK_TTL_HOURS

	/** The one mail a sign-up sends, chosen by whether the address is taken. */
	async function mailFor(input: { email: string; passwordHash: string; accountName: string }) {
		if (await findUserByEmail(sql, input.email)) return alreadyRegisteredMail(input.email, `${appUrl}/sign-in`)
		const token = randomToken()
		await holdSignUp(sql, clock, token, input, linkTtlHours * HOUR)
		return confirmSignUpMail(input.email, `${appUrl}/sign-up/confirm?token=${token}`, linkTtlHours)
	}

	return new Elysia()
		.get('/sign-up', async ({ request }) => {
			if (await web.session(request)) return redirect('/keys')
			const csrf = web.anonymousCsrf(request)
			return htmlResponse(signUpPage({ csrf: csrf.token }), { cookies: csrf.cookies })
		})

		.post('/sign-up', async ({ request, body, server }) => {
			const csrf = web.anonymousCsrf(request)
			const raw = { email: formField(body, 'email'), password: formField(body, 'password'), accountName: formField(body, 'account_name') }
			const again = (status: number, view: Omit<Parameters<typeof signUpPage>[0], 'csrf' | 'email' | 'accountName'>) =>
				htmlResponse(signUpPage({ csrf: csrf.token, email: raw.email, accountName: raw.accountName, ...view }), {
					status,
					cookies: csrf.cookies
				})

			if (!web.anonymousCsrfValid(request, body)) return again(403, { error: EXPIRED_FORM })
			const checked = readSignUp(raw)
			if ('errors' in checked) return again(400, { error: 'Please correct the fields marked below.', fieldErrors: checked.errors })
			const { email, accountName } = checked.input
			const reached = await countAttempt(sql, clock, [
				{
					scope: `sign-up-address:${web.clientAddress(request, server)}`,
					limit: config.DASHBOARD_SIGN_UP_ADDRESS_LIMIT,
					windowMs: SIGN_UP_WINDOW_MS
				}
			])
			if (reached) return again(429, { error: `Too many sign-ups from your network. Try again after ${formatUtc(reached.resetAt)}.` })

			// Hashed in both cases, so a registered address costs the same time as a new one.
			const passwordHash = await passwords.hash(checked.input.password)
			const mailsCapped = await countAttempt(sql, clock, [
				{ scope: `sign-up-email:${sha256Hex(email)}`, limit: config.DASHBOARD_SIGN_UP_EMAIL_LIMIT, windowMs: SIGN_UP_WINDOW_MS }
			])
			if (mailsCapped) logger.warn('sign-up mails to one address limited')
			else {
				try {
					await mailer.send(await mailFor({ email, passwordHash, accountName }))
				} catch (error) {
					const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
					logger.error('sign-up mail not sent', { code, response_code: responseCode })
					return again(503, { error: 'The confirmation mail could not be sent just now. Try again in a few minutes.' })
				}
			}
			return htmlResponse(checkEmailPage({ email, validHours: linkTtlHours }), { cookies: csrf.cookies })
		})
}

/** GET and POST /sign-up/confirm: the link from the mail, which creates the account and signs it in. */
function signUpConfirmRoutes(deps: DashboardDeps, web: WebContext) {
	const { sql, clock, logger } = deps
	return new Elysia()
		.get('/sign-up/confirm', async ({ request, query }) => {
			const token = typeof query.token === 'string' ? query.token : ''
			const held = await findHeldSignUp(sql, clock, token)
			if (!held) return htmlResponse(errorPage('Link not valid', LINK_GONE, null), { status: 404 })
			const csrf = web.anonymousCsrf(request)
			return htmlResponse(confirmSignUpPage({ csrf: csrf.token, token, ...held }), { cookies: csrf.cookies })
		})

		.post('/sign-up/confirm', async ({ request, body }) => {
			if (!web.anonymousCsrfValid(request, body)) {
				return htmlResponse(errorPage('This form expired', 'Open the link from the mail again.', null), { status: 403 })
			}
			const confirmed = await confirmSignUp(sql, clock, formField(body, 'token') ?? '')
			if (confirmed === 'unknown') return htmlResponse(errorPage('Link not valid', LINK_GONE, null), { status: 404 })
			if (confirmed === 'email_taken') {
				return htmlResponse(
					errorPage('Account already exists', 'An account with this email address already exists. Sign in instead.', null),
					{ status: 409 }
				)
			}
			const session = await startSession(sql, clock, confirmed.userId, web.sessionTtlMs)
			logger.info('signed up', { account_id: confirmed.accountId, user_id: confirmed.userId, plan: 'starter' })
			return redirect('/keys', [web.sessionCookie(session.token), web.clearAnonymousCsrfCookie()])
		})
}
