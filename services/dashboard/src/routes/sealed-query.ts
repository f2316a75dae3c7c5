import { hmac, sameText } from '../auth/tokens.ts'

const purpose = (payload: string) => `dashboard-sealed-query-v1:${payload}`

/**
 * A value carried in a redirect's query (Post/Redirect/Get), signed with the session's token: a link
 * made in another session shows nothing. The value is only displayed, never acted on.
 */
export function sealForSession(sessionToken: string, value: unknown): string {
	const payload = Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
	return `${payload}.${hmac(sessionToken, purpose(payload))}`
}

/** The value sealed in this session, or null when absent, altered or sealed in another session. */
export function openForSession(sessionToken: string, sealed: string | undefined): unknown {
	const [payload = '', signature = '', ...rest] = (sealed ?? '').split('.')
	if (payload === '' || rest.length > 0 || !sameText(hmac(sessionToken, purpose(payload)), signature)) return null
	try {
		return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
	} catch {
		return null
	}
}
