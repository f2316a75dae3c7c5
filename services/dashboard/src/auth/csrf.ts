import { hmac, randomToken, sameText } from './tokens.ts'

/**
 * Signed-in forms carry a token derived from the session token, so it needs no storage, changes with
 * every session, and cannot be computed by a page that cannot read the HttpOnly session cookie.
 */
export const sessionCsrfToken = (sessionToken: string): string => hmac(sessionToken, 'dashboard-csrf-v1')

/** Forms shown before sign-in (sign-up, sign-in) use a random double-submit cookie instead. */
export const newAnonymousCsrfToken = randomToken

export function csrfMatches(expected: string | undefined, submitted: unknown): boolean {
	return typeof expected === 'string' && expected.length > 0 && typeof submitted === 'string' && sameText(expected, submitted)
}
