import { clientAddress, forwardedHttps, parseTrustedProxies, peerAddressOf } from '@lv/client-address'
import { HOUR, MINUTE } from '@lv/clock'
import { cookieNames, parseCookies, serializeCookie } from '../auth/cookies.ts'
import { csrfMatches, newAnonymousCsrfToken, sessionCsrfToken } from '../auth/csrf.ts'
import { type Session, findSession } from '../auth/sessions.ts'
import type { DashboardDeps } from '../deps.ts'
import { formField } from './form.ts'

type PeerServer = { requestIP(request: Request): { address: string } | null } | null | undefined

const HSTS = 'max-age=31536000'

const ANONYMOUS_CSRF_MAX_AGE_SECONDS = 2 * 3600

/** Cookies, the signed-in session and CSRF tokens, as every route reads them. */
export function webContext(deps: DashboardDeps) {
	const secure = new URL(deps.config.APP_URL).protocol === 'https:'
	const isTrusted = parseTrustedProxies(deps.config.TRUSTED_PROXIES)
	const sessionIdleMs = deps.config.DASHBOARD_SESSION_IDLE_MINUTES * MINUTE
	const names = cookieNames(secure)
	const sessionMaxAgeSeconds = Math.floor((deps.config.DASHBOARD_SESSION_TTL_HOURS * HOUR) / 1000)
	const cookiesOf = (request: Request) => parseCookies(request.headers.get('cookie'))

	return {
		sessionTtlMs: deps.config.DASHBOARD_SESSION_TTL_HOURS * HOUR,
		sessionIdleMs,

		async session(request: Request): Promise<Session | null> {
			const token = cookiesOf(request).get(names.session)
			return token === undefined ? null : findSession(deps.sql, deps.clock, token, sessionIdleMs)
		},

		sessionCookie: (token: string) => serializeCookie(names.session, token, { maxAgeSeconds: sessionMaxAgeSeconds, secure }),
		clearSessionCookie: () => serializeCookie(names.session, '', { maxAgeSeconds: 0, secure }),

		/** The signed-in form token, and whether the submitted body carries it. */
		csrfFor: (session: Session) => sessionCsrfToken(session.token),
		sessionCsrfValid: (session: Session, body: unknown) => csrfMatches(sessionCsrfToken(session.token), formField(body, 'csrf')),

		/** The double-submit token of the sign-in and sign-up forms: the cookie's value, or a new one with its Set-Cookie. */
		anonymousCsrf(request: Request): { token: string; cookies: string[] } {
			const existing = cookiesOf(request).get(names.csrf)
			if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, cookies: [] }
			const token = newAnonymousCsrfToken()
			return { token, cookies: [serializeCookie(names.csrf, token, { maxAgeSeconds: ANONYMOUS_CSRF_MAX_AGE_SECONDS, secure })] }
		},
		anonymousCsrfValid: (request: Request, body: unknown) => csrfMatches(cookiesOf(request).get(names.csrf), formField(body, 'csrf')),
		clearAnonymousCsrfCookie: () => serializeCookie(names.csrf, '', { maxAgeSeconds: 0, secure }),

		/**
		 * Whether the browser says the request comes from another site, or another origin of this one
		 * (`Sec-Fetch-Site`): a link there can open a page, but should not spend the account's quota.
		 */
		fromAnotherOrigin: (request: Request) => ['cross-site', 'same-site'].includes(request.headers.get('sec-fetch-site') ?? ''),

		/** Who the attempt limits count: the socket peer, or behind TRUSTED_PROXIES the client they forward for (the gateway's rule). */
		clientAddress: (request: Request, server: PeerServer) => clientAddress(request, peerAddressOf(request, server ?? null), isTrusted),

		/** Strict-Transport-Security for a dashboard reached over https: an https APP_URL, or a trusted proxy saying https. */
		hstsHeader: (request: Request, server: PeerServer): string | null =>
			secure || forwardedHttps(request, peerAddressOf(request, server ?? null), isTrusted) ? HSTS : null
	}
}

export type WebContext = ReturnType<typeof webContext>
