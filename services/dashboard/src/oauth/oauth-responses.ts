/** OAuth endpoints answer JSON, never cached (RFC 6749 §5.1), to any origin (public clients may run in a browser). */
const HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', 'access-control-allow-origin': '*' }

export const oauthJson = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: HEADERS })

/** The error names RFC 6749 §5.2, RFC 7591 §3.2.2 and RFC 8707 define. */
export type OAuthErrorCode =
	| 'invalid_request'
	| 'invalid_client'
	| 'invalid_grant'
	| 'unauthorized_client'
	| 'unsupported_grant_type'
	| 'invalid_scope'
	| 'invalid_target'
	| 'invalid_redirect_uri'
	| 'invalid_client_metadata'
	| 'temporarily_unavailable'

export const oauthError = (error: OAuthErrorCode, description: string, status = 400) =>
	oauthJson({ error, error_description: description }, error === 'invalid_client' ? 401 : status)

/** A form or JSON body's text field; anything else reads as absent. */
export function field(body: unknown, name: string): string | undefined {
	if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
	const value = (body as Record<string, unknown>)[name]
	return typeof value === 'string' && value.length > 0 ? value : undefined
}
