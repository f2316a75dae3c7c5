/** Why a client's redirect URI is refused at registration (RFC 7591 `invalid_redirect_uri`). */
export type RedirectUriRefusal =
	| 'not_absolute'
	| 'has_fragment'
	| 'dangerous_scheme'
	| 'http_not_loopback'
	| 'too_long'
	| 'space_or_control_character'

const MAX_LENGTH = 2048

/** Schemes that run code or read local content in a browser: never a place to send a code. */
const DANGEROUS_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:', 'ftp:', 'ws:', 'wss:'])

/**
 * A URI (RFC 3986) holds no spaces or control characters. The URL parser would drop or encode them,
 * so the stored text would not be the address a browser is sent to, and PostgreSQL text cannot hold a NUL.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/**
 * OAuth 2.1 and RFC 8252: https anywhere, http only to a loopback address (native apps listening
 * locally), or a private-use scheme of a native app (`cursor://…`); never a fragment.
 */
export function redirectUriRefusal(candidate: string): RedirectUriRefusal | null {
	if (candidate.length > MAX_LENGTH) return 'too_long'
	if (SPACE_OR_CONTROL.test(candidate)) return 'space_or_control_character'
	let url: URL
	try {
		url = new URL(candidate)
	} catch {
		return 'not_absolute'
	}
	if (DANGEROUS_SCHEMES.has(url.protocol)) return 'dangerous_scheme'
	if (candidate.includes('#')) return 'has_fragment'
	if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http_not_loopback'
	if (url.protocol === 'https:' && url.hostname === '') return 'not_absolute'
	return null
}

/** The scheme and loopback host of an http loopback redirect URI, and its port if it names one. */
const LOOPBACK_AUTHORITY = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(?::\d{1,5})?(?=[/?]|$)/

/** `http://127.0.0.1:53682/cb` as `http://127.0.0.1/cb`; null for any URI that is not loopback http. */
function loopbackWithoutPort(uri: string): string | null {
	const match = LOOPBACK_AUTHORITY.exec(uri)
	return match && URL.canParse(uri) ? `http://${match[1]}${uri.slice(match[0].length)}` : null
}

/**
 * Exact string comparison, as OAuth 2.1 requires (no normalisation, no prefix match), with the one
 * exception RFC 8252 §7.3 makes a MUST: a loopback http URI may name any port, since a native app
 * listens on whichever port the operating system gives it. Everything after the port stays exact.
 */
export function redirectUriRegistered(registered: readonly string[], presented: string): boolean {
	if (registered.includes(presented)) return true
	const portless = loopbackWithoutPort(presented)
	return portless !== null && registered.some((uri) => loopbackWithoutPort(uri) === portless)
}
